"use client";

import { useState } from "react";

/**
 * Settings' choices, shown in the click's own render before the saved copy lands: a mutation's
 * optimistic copy comes a task later, and a controlled radio or checkbox sprang back meanwhile.
 * `shown(key, saved)` is the choice pending for `key`, else the saved value; `choose(key, value,
 * save)` holds `value` until the save settles (`save` is given the callback for its `onSettled`);
 * `pending` is what is held, by key.
 */
export function usePendingChoices<K extends string, V>() {
  const [pending, setPending] = useState<Partial<Record<K, V>>>({});
  return {
    pending,
    shown: (key: K, saved: V): V => (Object.hasOwn(pending, key) ? (pending[key] as V) : saved),
    choose: (key: K, value: V, save: (settled: () => void) => void) => {
      setPending((now) => ({ ...now, [key]: value }));
      save(() =>
        setPending((now) => {
          const { [key]: _settled, ...rest } = now;
          return rest as Partial<Record<K, V>>;
        }),
      );
    },
  };
}
