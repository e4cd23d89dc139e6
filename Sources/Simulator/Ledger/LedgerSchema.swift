/// The ledger's schema, as numbered migrations. `PRAGMA user_version` records how many have
/// run; a newer ledger than this code knows is refused rather than guessed at.
enum LedgerSchema {
    static let migrations: [String] = [
        // 1: the first schema. Small records are JSON (dates in milliseconds, as signed
        // payloads). A delivered transaction's payload is its JWS, the one copy of the truth;
        // only a transaction not yet signed (waiting for approval) keeps its payload as JSON.
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE accounts(name TEXT PRIMARY KEY, record TEXT NOT NULL);
        CREATE TABLE transactions(
            id INTEGER PRIMARY KEY, account TEXT NOT NULL, original_id INTEGER NOT NULL,
            phase TEXT NOT NULL, finished INTEGER NOT NULL, deleted INTEGER NOT NULL,
            shared_from INTEGER, pending TEXT, payload TEXT, jws TEXT,
            CHECK (jws IS NOT NULL OR payload IS NOT NULL));
        CREATE INDEX transactions_by_account ON transactions(account, id);
        CREATE TABLE chains(
            account TEXT NOT NULL, group_id TEXT NOT NULL, record TEXT NOT NULL,
            PRIMARY KEY(account, group_id));
        CREATE TABLE outbox(
            sequence INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, account TEXT NOT NULL,
            type TEXT NOT NULL, subtype TEXT, transaction_id INTEGER, original_id INTEGER,
            product_id TEXT, created_at INTEGER NOT NULL);
        CREATE INDEX outbox_by_account ON outbox(account, sequence);
        CREATE TABLE idempotency(
            account TEXT NOT NULL, key TEXT NOT NULL, transaction_id INTEGER, outcome TEXT NOT NULL,
            PRIMARY KEY(account, key));
        """,
        // 2: the App Store Server API and webhooks. Every delivery attempt of a notification
        // (Apple's SendAttemptResult and the HTTP status), mass renewal-date extensions with
        // their outcome, and the request identifier a RENEWAL_EXTENSION summary speaks of.
        """
        ALTER TABLE outbox ADD COLUMN request_id TEXT;
        CREATE TABLE delivery_attempts(
            sequence INTEGER NOT NULL, attempt INTEGER NOT NULL, attempted_at INTEGER NOT NULL,
            result TEXT NOT NULL, http_status INTEGER, next_attempt_at INTEGER,
            PRIMARY KEY(sequence, attempt));
        CREATE TABLE mass_extensions(
            product_id TEXT NOT NULL, request_id TEXT NOT NULL, record TEXT NOT NULL,
            PRIMARY KEY(product_id, request_id));
        """,
        // 3: a JWS header (algorithm and the x5c chain, about 2 KB) is the same for every
        // transaction one leaf signs: keep each once, and only the payload and signature per
        // row. Rows written before keep their whole JWS (`jws_header` NULL).
        """
        CREATE TABLE jws_headers(id INTEGER PRIMARY KEY, header TEXT NOT NULL UNIQUE);
        ALTER TABLE transactions ADD COLUMN jws_header INTEGER REFERENCES jws_headers(id);
        """,
        // 4: one store per state directory. Every transaction update an app's `updates()` would
        // see is numbered here in the commit that caused it, so an update stream resumes after
        // `Last-Event-ID` across restarts and changes of owner. A transaction ID, once written,
        // keeps its account and original transaction: a second writer that allocated the same
        // ID for another purchase (an older Kiosk; this schema version also locks those out)
        // fails instead of overwriting.
        """
        CREATE TABLE update_log(
            sequence INTEGER PRIMARY KEY AUTOINCREMENT, account TEXT NOT NULL, transaction_id INTEGER NOT NULL);
        CREATE INDEX update_log_by_account ON update_log(account, sequence);
        CREATE TRIGGER transactions_keep_identity BEFORE UPDATE OF id, account, original_id ON transactions
        WHEN NEW.id IS NOT OLD.id OR NEW.account IS NOT OLD.account OR NEW.original_id IS NOT OLD.original_id
        BEGIN
            SELECT RAISE(ABORT, 'a transaction ID was reused for another purchase');
        END;
        """,
        // 5: the QA journal (docs/qa.md). One row per action, written in the transaction of the
        // change it records; times in milliseconds, notifications and transaction IDs as JSON.
        """
        CREATE TABLE journal(
            sequence INTEGER PRIMARY KEY AUTOINCREMENT, wall_time INTEGER NOT NULL, store_time INTEGER NOT NULL,
            session TEXT NOT NULL, source TEXT NOT NULL, screen TEXT, account TEXT NOT NULL, action TEXT NOT NULL,
            result TEXT NOT NULL, notifications TEXT NOT NULL, transactions TEXT NOT NULL, picture TEXT);
        CREATE INDEX journal_by_session ON journal(session, sequence);
        CREATE INDEX journal_by_wall_time ON journal(wall_time);
        """,
        // 6: memory holds the work at hand, not the history. The due-event index: each
        // subscription's next date the engine acts on, so a clock advance reads only what is
        // due (built by the store on first open, marked by the meta key 'due_index'); an
        // account's family and app transaction ID beside its record, so neither lookup reads
        // every account. Older Kiosks refuse this version (they would leave the index stale).
        """
        ALTER TABLE accounts ADD COLUMN family_id TEXT;
        ALTER TABLE accounts ADD COLUMN app_transaction_id TEXT;
        UPDATE accounts SET family_id = json_extract(record, '$.account.familyID'),
            app_transaction_id = json_extract(record, '$.appTransactionID');
        CREATE INDEX accounts_by_family ON accounts(family_id) WHERE family_id IS NOT NULL;
        CREATE INDEX accounts_by_app_transaction ON accounts(app_transaction_id);
        CREATE TABLE due_events(
            account TEXT NOT NULL, group_id TEXT NOT NULL, due INTEGER NOT NULL, retry INTEGER NOT NULL,
            PRIMARY KEY(account, group_id));
        CREATE INDEX due_events_by_date ON due_events(due);
        """,
        // 7: a notification is the event's. Its content as of the event (the transaction and
        // renewal info payloads as Apple's JSON, the status, the signedDate), written with the
        // change it reports; the signed payload once made, so every delivery, retry and history
        // page sends the same JWS. Notifications recorded before this version have no row until
        // first signed (with the state of that moment, as those Kiosks did).
        """
        CREATE TABLE outbox_payloads(
            sequence INTEGER PRIMARY KEY, signed_at INTEGER, status INTEGER, transaction_payload TEXT,
            renewal_payload TEXT, consumption_reason TEXT, jws TEXT);
        """,
        // 8: the appAccountToken an idempotency key's purchase asked for ('none' for none), so a
        // key given again for another user's purchase is refused even where the answer would be
        // a transaction the account already owned (a non-consumable, an active subscription).
        // NULL in rows written before.
        """
        ALTER TABLE idempotency ADD COLUMN app_account_token TEXT;
        """,
        // 9: Retention Messaging (docs/retention.md). Uploaded images (the PNG in base64 beside
        // its record) and messages with their review state, default messages by product and
        // locale, and performance tests with their results. The real-time URL and the
        // auto-approve setting are meta keys ('retention_url', 'retention_auto_approve').
        """
        CREATE TABLE retention_images(id TEXT PRIMARY KEY, record TEXT NOT NULL, png TEXT NOT NULL);
        CREATE TABLE retention_messages(id TEXT PRIMARY KEY, record TEXT NOT NULL);
        CREATE TABLE retention_defaults(
            product_id TEXT NOT NULL, locale TEXT NOT NULL, message_id TEXT NOT NULL,
            PRIMARY KEY(product_id, locale));
        CREATE TABLE retention_tests(request_id TEXT PRIMARY KEY, started_at INTEGER NOT NULL, record TEXT NOT NULL);
        """,
    ]

    static var currentVersion: Int { migrations.count }
}
