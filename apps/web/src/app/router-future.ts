/** Opt in to React Router 7's behaviour now (and silence its warnings). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
