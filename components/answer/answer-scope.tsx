"use client";

import { createContext, useContext } from "react";

/**
 * Element ids inside one shown answer (its tree nodes, its image cards) carry the answer's scope,
 * so two answers on the page (a job and its latest check) never share an id.
 */
export const AnswerScope = createContext("answer");

export function useAnswerScope(): string {
  return useContext(AnswerScope);
}

export function imageCardId(scope: string, index: number): string {
  return `${scope}-image-${index}`;
}
