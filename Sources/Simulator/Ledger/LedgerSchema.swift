/// The ledger's schema, as numbered migrations. `PRAGMA user_version` records how many have
/// run; a newer ledger than this code knows is refused rather than guessed at.
enum LedgerSchema {
    static let migrations: [String] = [
        // 1: the first schema. Records are JSON (dates in milliseconds, as signed payloads);
        // the columns beside them are what queries filter on.
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE accounts(name TEXT PRIMARY KEY, record TEXT NOT NULL);
        CREATE TABLE transactions(
            id INTEGER PRIMARY KEY, account TEXT NOT NULL, original_id INTEGER NOT NULL,
            record TEXT NOT NULL, jws TEXT);
        CREATE INDEX transactions_by_account ON transactions(account, id);
        CREATE TABLE chains(
            account TEXT NOT NULL, group_id TEXT NOT NULL, record TEXT NOT NULL,
            PRIMARY KEY(account, group_id));
        CREATE TABLE outbox(
            sequence INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, account TEXT NOT NULL,
            record TEXT NOT NULL);
        CREATE TABLE idempotency(
            account TEXT NOT NULL, key TEXT NOT NULL, transaction_id INTEGER, outcome TEXT NOT NULL,
            PRIMARY KEY(account, key));
        """
    ]

    static var currentVersion: Int { migrations.count }
}
