// Routes of one area of the manifest (docs/architecture.md §2): Payment instruction templates staff pick from (ADMIN manages them on the payment-gateways page).
export {};
