/** mesh: arrives with its issue (see ARCHITECTURE.md). */
export {};
