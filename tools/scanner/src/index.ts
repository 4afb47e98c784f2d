/** scanner: arrives with its issue (see ARCHITECTURE.md). */
export {};
