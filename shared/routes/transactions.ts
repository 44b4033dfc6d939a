// Routes of one area of the manifest (docs/architecture.md §2): Every confirmed movement of money on a deal (the admin transaction history).
export {};
