"use client";

import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { useMemo, useRef, useState } from "react";

import { cn } from "@/components/ui/cn";
import { colorHex, money } from "@/lib/client/format";
import { cardName, columnKey, type PipelineCard as Card, type PipelineColumn } from "@/lib/client/pipeline/pipeline";

import { PipelineCard, StageSwatch, type CardLookups, type Destination } from "./pipeline-card";

/**
 * The columns and the drag and drop between them. A card is dragged by its handle with the
 * pointer, or from the keyboard: Space or Enter picks it up, the left and right arrows go
 * from stage to stage, Space or Enter drops it, Escape puts it back. What happens is
 * announced to screen readers. `onMove` is told the card and the column's key.
 */
export function PipelineBoard({
  columns,
  lookups,
  now,
  onMove,
}: {
  columns: readonly PipelineColumn[];
  lookups: CardLookups;
  now: Date;
  onMove: (card: Card, toKey: string) => void;
}) {
  const names = useMemo(() => new Map(columns.map((c) => [columnKey(c), columnName(c)])), [columns]);
  const cards = useMemo(() => new Map(columns.flatMap((c) => c.cards.map((card) => [card.contact.id, { card, key: columnKey(c) }] as const))), [columns]);
  const destinations: Destination[] = useMemo(
    () => columns.map((c) => ({ key: columnKey(c), name: columnName(c), color: c.status ? colorHex(c.status.color, lookups.colors) : null })),
    [columns, lookups.colors],
  );
  const [active, setActive] = useState<{ card: Card; from: string } | null>(null);
  const lastOver = useRef<UniqueIdentifier | null>(null);

  const sensors = useSensors(
    // A click on the name opens the conversation; only a real movement starts a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );

  const nameOf = (id: UniqueIdentifier) => {
    const held = cards.get(String(id));
    return held ? cardName(held.card) : "The contact";
  };
  const stageOf = (id: UniqueIdentifier | undefined) => (id === undefined ? "" : (names.get(String(id)) ?? ""));
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(a.id)}, in ${stageOf(cards.get(String(a.id))?.key)}.`,
    onDragOver: ({ active: a, over }) => {
      // The first "over" is the card's own column, right after it was picked up: saying it would cut that off.
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${nameOf(a.id)} is over ${stageOf(over.id)}.` : `${nameOf(a.id)} is not over a stage.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const from = cards.get(String(a.id))?.key;
      if (!over || over.id === from) return `${nameOf(a.id)} was dropped back in ${stageOf(from)}.`;
      return `${nameOf(a.id)} was moved to ${stageOf(over.id)}.`;
    },
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} was cancelled. It stays in ${stageOf(cards.get(String(a.id))?.key)}.`,
  };

  const start = ({ active: a }: DragStartEvent) => {
    const held = cards.get(String(a.id));
    lastOver.current = held?.key ?? null;
    setActive(held ? { card: held.card, from: held.key } : null);
  };
  const end = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const held = cards.get(String(a.id));
    if (held && over && String(over.id) !== held.key) onMove(held.card, String(over.id));
  };

  return (
    <DndContext
      id="pipeline-board"
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move this contact to another stage, press Space or Enter, choose the stage with the left and right arrow keys, then press Space or Enter to drop it, or Escape to cancel. The Move to menu beside it does the same.",
        },
      }}
    >
      <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto px-4 pt-1 pb-4 md:px-6" data-testid="pipeline-columns">
        {columns.map((column) => (
          <Column
            key={columnKey(column)}
            column={column}
            color={column.status ? colorHex(column.status.color, lookups.colors) : null}
            currency={lookups.currency}
            dragging={active !== null}
          >
            {column.cards.map((card) => (
              <DraggableCard key={card.contact.id} card={card} from={columnKey(column)} lookups={lookups} now={now} destinations={destinations} onMove={onMove} />
            ))}
          </Column>
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? <PipelineCard card={active.card} lookups={lookups} now={now} columnKey={active.from} destinations={destinations} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function Column({ column, color, currency, dragging, children }: { column: PipelineColumn; color: string | null; currency: string; dragging: boolean; children: React.ReactNode }) {
  const key = columnKey(column);
  const { setNodeRef, isOver } = useDroppable({ id: key });
  const name = columnName(column);
  const headingId = `pipeline-column-${key}`;
  const count = column.cards.length;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`column-${key}`}
      className={cn(
        "flex w-72 shrink-0 flex-col rounded-xl border bg-muted/40 transition-colors",
        dragging && "border-dashed",
        isOver && "border-ring bg-accent/60",
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        <StageSwatch color={color} />
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold">
          {name}
        </h2>
        <span className="rounded-full bg-background px-2 py-0.5 text-xs font-medium tabular-nums" data-testid="column-count" aria-label={`${count} ${count === 1 ? "contact" : "contacts"}`}>
          {count}
        </span>
      </header>
      <p className="px-3 pb-2 text-xs text-muted-foreground tabular-nums" data-testid="column-total">
        <span className="sr-only">Total valuation: </span>
        {money(column.total, currency)}
      </p>
      {count ? (
        <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2" aria-labelledby={headingId}>
          {children}
        </ul>
      ) : (
        <p className="mx-2 mb-2 flex flex-1 items-start justify-center rounded-lg border border-dashed px-3 py-6 text-center text-xs text-muted-foreground">
          {column.status ? "No contacts in this stage. Drag a card here to move it." : "Every contact here has a stage."}
        </p>
      )}
    </section>
  );
}

function DraggableCard({ card, from, lookups, now, destinations, onMove }: { card: Card; from: string; lookups: CardLookups; now: Date; destinations: readonly Destination[]; onMove: (card: Card, toKey: string) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.contact.id, data: { from } });
  const name = cardName(card);
  return (
    <li ref={setNodeRef} data-testid="pipeline-card" data-contact-id={card.contact.id} onPointerDown={listeners?.onPointerDown as React.PointerEventHandler | undefined}>
      <PipelineCard
        card={card}
        lookups={lookups}
        now={now}
        columnKey={from}
        destinations={destinations}
        onMove={(key) => onMove(card, key)}
        dragging={isDragging}
        handle={{
          ...attributes,
          // The handle is a real button: dnd-kit's role would hide that.
          role: undefined,
          "aria-roledescription": "draggable card",
          "aria-label": `Move ${name}`,
          onKeyDown: listeners?.onKeyDown as React.KeyboardEventHandler | undefined,
          ref: setActivatorNodeRef,
        }}
      />
    </li>
  );
}

function columnName(column: PipelineColumn): string {
  return column.status?.name ?? "No status";
}

/** The keyboard goes from column to column (in their order on screen), not 25 pixels at a time. */
const columnByColumn: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (step === 0 || !context.active || !context.collisionRect) return undefined;
  event.preventDefault();
  const order = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left).map(([id]) => id);
  const here = context.over?.id ?? (context.active.data.current as { from?: string } | undefined)?.from;
  const next = here === undefined ? undefined : order[order.indexOf(here) + step];
  const rect = next === undefined ? undefined : context.droppableRects.get(next);
  if (!rect) return undefined;
  return { x: rect.left + (rect.width - context.collisionRect.width) / 2, y: rect.top + 44 };
};

/** The pointer's column when there is a pointer; the card's overlap for the keyboard. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};
