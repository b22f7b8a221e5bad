"use client";

import { createContext, useContext, type ReactNode } from "react";
import { atLeast, type Role } from "@/lib/api/roles";

/**
 * The signed-in person, as the server page hands it down: who they are, their inbox role and
 * the API member they act as. The server enforces every rule; the UI uses this only to hide
 * or disable what the role cannot do and to say why.
 */
export type ClientViewer = {
  /** The inbox user's id: presence tells this user apart from the others. */
  userId: string;
  name: string;
  email: string;
  role: Role;
  /** Null when the user is not linked to an API member: then nothing is "mine". */
  memberId: string | null;
  mode: "demo" | "upstream";
};

const ViewerContext = createContext<ClientViewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: ClientViewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): ClientViewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer outside ViewerProvider");
  return viewer;
}

/** Whether the viewer's role is at least `least`. */
export function hasRole(viewer: Pick<ClientViewer, "role">, least: Role): boolean {
  return atLeast(viewer.role, least);
}
