import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// A save point is someone else's file (issue 22, items 1 and 2): it runs no SQL, is copied by
/// name, and a refused one changes nothing at all.
@Suite struct SavePointHostileFileTests {
    /// A state directory with its authority on disk (so save points carry it), two accounts'
    /// purchases, and the save point `good` of it; the store is closed on return.
    func makeState() async throws -> (state: URL, good: URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let store = try openStore(state)
        _ = try await store.perform(
            StoreRequest.purchase(productID: "basic.monthly", options: [], confirmed: true))
        _ = try await store.perform(
            StoreRequest.purchase(productID: "lifetime", options: [], confirmed: true))
        _ = try await store.perform(StoreOperation.saveState(name: "good"))
        return (state, SavePoints.url(named: "good", in: state))
    }

    func openStore(_ state: URL) throws -> SimulatedStore {
        let authority = try CertificateAuthority.open(
            directory: state.appendingPathComponent("ca").path,
            now: Date(timeIntervalSince1970: 1_767_225_600))
        return try SimulatedStore(
            catalog: TestCatalog(), ledger: .directory(state),
            signer: try CoveringSigner(authority: authority),
            frozenClock: true, wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
    }

    func copy(_ file: URL, as name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-mutant-\(UUID().uuidString)-\(name)")
        try FileManager.default.copyItem(at: file, to: url)
        return url
    }

    func execute(_ sql: String, on file: URL) throws {
        try SQLiteConnection(path: file.path).execute(sql)
    }

    /// The exact file of the issue: a table whose quoted name is SQL that drops the live
    /// ledger's transactions. Loading it (it sits among the save points) is refused naming it,
    /// and the live ledger keeps its transactions and its identity trigger.
    @Test func aTableNamedWithSQLRunsNothing() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        for (index, sql) in [
            "CREATE TABLE \"accounts\"\" WHERE 0; DROP TABLE main.transactions; --\"(x);",
            "CREATE TABLE \"accounts\"\" WHERE 0; DROP TRIGGER main.transactions_keep_identity; --\"(x);",
        ].enumerated() {
            let evil = SavePoints.url(named: "evil\(index)", in: state)
            try FileManager.default.copyItem(at: good, to: evil)
            try execute(sql, on: evil)
            let store = try openStore(state)
            await #expect {
                _ = try await store.perform(StoreOperation.loadState(name: "evil\(index)"))
            } throws: {
                "\($0)".contains("its schema is not Kiosk's: table 'accounts\" WHERE 0; DROP")
                    && "\($0)".contains("is not part of a Kiosk save point")
                    && "\($0)".contains("nothing was changed")
            }
            #expect(try await store.transactionRecords().count == 2)
            #expect(try await store.integrityCheck() == "ok")
        }
        let ledger = try SQLiteConnection(path: state.appendingPathComponent("ledger.sqlite").path)
        var triggers = 0
        try ledger.query("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") {
            triggers = Int($0.integer(0))
        }
        #expect(triggers == 1, "the identity trigger is still there")
    }

    /// Columns in another order would move values into the wrong columns with `SELECT *`: the
    /// file is refused, naming the table, its columns and Kiosk's.
    @Test func reorderedColumnsAreRefusedNamingTheTable() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let file = try copy(good, as: "reordered.kiosk")
        defer { try? FileManager.default.removeItem(at: file) }
        try execute(
            """
            CREATE TABLE reordered(id INTEGER PRIMARY KEY, original_id INTEGER NOT NULL, account TEXT NOT NULL,
                phase TEXT NOT NULL, finished INTEGER NOT NULL, deleted INTEGER NOT NULL, shared_from INTEGER,
                pending TEXT, payload TEXT, jws TEXT, jws_header INTEGER);
            INSERT INTO reordered(id, original_id, account, phase, finished, deleted, shared_from, pending, payload,
                jws, jws_header)
            SELECT id, original_id, account, phase, finished, deleted, shared_from, pending, payload, jws, jws_header
            FROM transactions;
            DROP TABLE transactions;
            ALTER TABLE reordered RENAME TO transactions;
            """, on: file)
        #expect {
            _ = try SavePointImport(file: file, name: "reordered")
        } throws: {
            "\($0)".contains(
                "table 'transactions' has the columns (id INTEGER, original_id INTEGER, account TEXT")
                && "\($0)".contains("where Kiosk writes (id INTEGER, account TEXT, original_id INTEGER")
        }
    }

    /// Hundreds of mutated save points (schema and row mutations, SQL in every name, damaged
    /// bytes): each is either refused, leaving every byte of the state directory as it was, or
    /// valid, and then loaded table by table, column by column, by name.
    @Test func mutatedSavePointsChangeNothingUnlessValid() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        var mutator = SavePointMutator(seed: 0x5A7E_9011)
        var refused = 0
        var accepted = 0
        for round in 0..<300 {
            let file = try copy(good, as: "m\(round).kiosk")
            defer { try? FileManager.default.removeItem(at: file) }
            var done: [String] = []
            for _ in 0...(round % 3 == 0 ? 1 : 0) { done.append(try mutator.mutate(file.path)) }
            let before = fingerprint(of: state)
            let checked: SavePointImport
            do {
                checked = try SavePointImport(file: file, name: "mutant-\(round)")
            } catch {
                refused += 1
                #expect("\(error)".contains("nothing was changed"), "round \(round) \(done): \(error)")
                #expect(fingerprint(of: state) == before, "round \(round) \(done) changed the state")
                continue
            }
            accepted += 1
            let installation = try checked.install(
                into: state, authority: !checked.hasSameAuthority(as: state))
            installation.commit()
            let store = try openStore(state)
            _ = try await store.perform(StoreOperation.loadState(name: checked.name))
            #expect(try await store.integrityCheck() == "ok", "round \(round) \(done)")
            expectSameRowsAfterLoad(
                file, state.appendingPathComponent("ledger.sqlite"), "round \(round) \(done)")
        }
        #expect(refused > 200, "most mutations break the file (refused \(refused), accepted \(accepted))")
        #expect(accepted > 0, "some row mutations keep the file valid")
    }

    /// Every table a load copies holds in `ledger` what it holds in `file`, column by name
    /// (but the store's own meta and due index, which a load writes afresh).
    func expectSameRowsAfterLoad(_ file: URL, _ ledger: URL, _ context: String) {
        do {
            let loaded = try SavePointHostileLoadTests().rows(of: ledger)
            let given = try SavePointHostileLoadTests().rows(of: file)
            for table in Set(loaded.keys).union(given.keys) where !["meta", "due_events"].contains(table) {
                #expect(loaded[table] == given[table], "\(context): table \(table) differs after the load")
            }
        } catch {
            Issue.record("\(context): \(error)")
        }
    }

    /// `--name ../../x` and a file refused for an extra table: the name is checked first, the
    /// file before anything is written; neither leaves a trace.
    @Test func aRefusedImportChangesNothing() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let before = fingerprint(of: state)
        #expect { _ = try SavePointImport(file: good, name: "../../x") } throws: {
            "\($0)".contains("'../../x' is not a save point name")
        }
        let extra = try copy(good, as: "extra.kiosk")
        defer { try? FileManager.default.removeItem(at: extra) }
        try execute("CREATE TABLE notes(text TEXT)", on: extra)
        #expect { _ = try SavePointImport(file: extra, name: "extra") } throws: {
            "\($0)".contains("table 'notes' is not part of a Kiosk save point")
        }
        #expect(fingerprint(of: state) == before)
        #expect(!FileManager.default.fileExists(atPath: SavePoints.url(named: "extra", in: state).path))
    }

    /// A FIFO or a directory given as the file is refused at once: nothing waits for a writer.
    @Test func onlyARegularFileIsRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { unlink(fifo.path) }
        for file in [fifo, FileManager.default.temporaryDirectory] {
            #expect { _ = try SavePointImport(file: file, name: "x") } throws: {
                "\($0)".contains("is not a regular file")
            }
        }
    }

    /// A directory where the save point goes is not Kiosk's to replace: the install says so and
    /// leaves everything, including the authority it would have written, as it was.
    @Test func somethingInTheWayStopsTheInstallBeforeAnyWrite() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(
            at: SavePoints.url(named: "blocked", in: state), withIntermediateDirectories: false)
        let before = fingerprint(of: state)
        let checked = try SavePointImport(file: good, name: "blocked")
        #expect { _ = try checked.install(into: state, authority: true) } throws: {
            "\($0)".contains("blocked.kiosk is a directory, where the import writes a file")
        }
        #expect(fingerprint(of: state) == before)
    }

    /// A rolled-back install puts back the save point it replaced and removes what it added.
    @Test func aRollbackPutsTheStateBack() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let other = try copy(good, as: "other.kiosk")
        defer { try? FileManager.default.removeItem(at: other) }
        try execute("UPDATE kiosk_save_point SET value = '1' WHERE key = 'savedAt'", on: other)
        let before = fingerprint(of: state)
        for name in ["good", "new-one"] {
            let installation = try SavePointImport(file: other, name: name).install(
                into: state, authority: true)
            #expect(fingerprint(of: state) != before)
            installation.rollback()
            #expect(fingerprint(of: state) == before, "\(name)")
        }
    }

    /// A save point of schema 5 (before the due-event index and the notifications' own
    /// payloads of schema 7, the idempotency token of schema 8, the retention messages of schema 9) is checked against schema 5's
    /// exact text, then migrated on a copy and loaded; the file installed is the file as given.
    @Test func anOlderSavePointIsMigratedOnACopy() async throws {
        let (state, good) = try await makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let old = try copy(good, as: "old.kiosk")
        defer { try? FileManager.default.removeItem(at: old) }
        try execute(
            """
            DROP INDEX accounts_by_family; DROP INDEX accounts_by_app_transaction; DROP INDEX due_events_by_date;
            DROP TABLE due_events; DROP TABLE outbox_payloads; ALTER TABLE idempotency DROP COLUMN app_account_token;
            ALTER TABLE accounts DROP COLUMN app_transaction_id;
            ALTER TABLE accounts DROP COLUMN family_id;
            DROP TABLE retention_messages; DROP TABLE retention_images; DROP TABLE retention_defaults;
            DROP TABLE retention_tests; PRAGMA user_version=5;
            """, on: old)
        let checked = try SavePointImport(file: old, name: "old")
        #expect(checked.summary.transactions == 2)
        try checked.install(into: state, authority: false).commit()
        #expect(try Data(contentsOf: SavePoints.url(named: "old", in: state)) == Data(contentsOf: old))
        let store = try openStore(state)
        _ = try await store.perform(StoreOperation.loadState(name: "old"))
        #expect(try await store.transactionRecords().count == 2)
    }
}

/// The same hostile files, put among a state's save points by hand and loaded by the store that
/// owns the state: a refused load changes no row of the store (it journals the refusal, as every
/// refused action is journaled, and nothing else).
@Suite struct SavePointHostileLoadTests {
    @Test func mutatedSavePointsLoadedByTheStoreChangeNoRowUnlessValid() async throws {
        let helper = SavePointHostileFileTests()
        let (state, good) = try await helper.makeState()
        defer { try? FileManager.default.removeItem(at: state) }
        let store = try helper.openStore(state)
        let ledger = state.appendingPathComponent("ledger.sqlite")
        var mutator = SavePointMutator(seed: 0x10AD_5AFE)
        for round in 0..<60 {
            let file = SavePoints.url(named: "hostile-\(round)", in: state)
            try FileManager.default.copyItem(at: good, to: file)
            let done = try mutator.mutate(file.path)
            let before = try rows(of: ledger)
            let journal = try await store.journal().count
            do {
                _ = try await store.perform(StoreOperation.loadState(name: "hostile-\(round)"))
            } catch {
                #expect("\(error)".contains("nothing was changed"), "round \(round) \(done): \(error)")
                #expect(try rows(of: ledger) == before, "round \(round) \(done) changed the store")
                #expect(
                    try await store.journal().count == journal + 1, "round \(round): the refusal is journaled"
                )
                continue
            }
            helper.expectSameRowsAfterLoad(file, ledger, "round \(round) \(done)")
        }
        #expect(try await store.integrityCheck() == "ok")
    }

    /// Every row of every table but the journal, column by name.
    func rows(of ledger: URL) throws -> [String: [String]] {
        let connection = try SQLiteConnection(path: ledger.path, readOnly: true)
        var result: [String: [String]] = [:]
        for table in try SavePointSchema.current()?.copiedTables ?? [] {
            let columns = table.columns.map { "quote(\(SavePointMutator.quote($0.name)))" }
            let sql =
                "SELECT \(columns.joined(separator: " || '|' || ")) FROM \(SavePointMutator.quote(table.name)) "
                + "ORDER BY rowid"
            try connection.query(sql) { result[table.name, default: []].append($0.text(0) ?? "NULL") }
        }
        return result
    }
}
