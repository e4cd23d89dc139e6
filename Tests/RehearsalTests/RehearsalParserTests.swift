import Foundation
import Rehearsal
import SourceDiagnostics
import Testing

/// The `.rehearsal` format: every mistake located, the store's words read by the CLI's parser.
@Suite struct RehearsalParserTests {
    func errors(_ text: String) -> [Diagnostic] {
        guard case .failure(let error) = RehearsalParser.parse(text: text, file: "t.rehearsal") else {
            return []
        }
        return error.diagnostics
    }

    @Test func aGoodFileParses() throws {
        let text = """
            # a comment
            catalog demo
            clock 2026-01-01T00:00:00Z
            set ask-to-buy on
            buy com.kiosk.lumen.pro.monthly --offer-code FRIENDS3 as pro   # trailing comment
            approve last
            refund last com.kiosk.lumen.pro.monthly --reason developer-issue
            press down 2
            type "SPRING 2"
            expect transaction $pro state pending
            expect notification DID_FAIL_TO_RENEW/GRACE_PERIOD
            wait 800ms
            """
        let script = try RehearsalParser.parse(text: text, file: "t.rehearsal").get()
        #expect(script.steps.count == 11)
        #expect(script.steps[3].line == 5)
    }

    @Test func mistakesAreLocatedWithWhatToDo() {
        let found = errors(
            """
            buy com.x --offer-cod SPRING
            biy com.x
            press nowhere
            expect status g sleeping
            set ask-to-buy maybe
            type "unclosed
            clock yesterday
            template herro
            """)
        #expect(found.map(\.location.line) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(found[0].message.contains("unknown option '--offer-cod'"))
        #expect(found[0].message.contains("did you mean '--offer-code'") && found[0].location.column == 11)
        #expect(found[1].message.contains("did you mean 'buy'"))
        #expect(found[2].message.contains("unknown key 'nowhere'"))
        #expect(found[3].message.contains("unknown status 'sleeping'"))
        #expect(found[4].message.contains("expected on or off, got 'maybe'"))
        #expect(found[5].location.column == 6)
        #expect(
            found[7].message == "unknown template 'herro'; did you mean 'hero'?"
                && found[7].location.column == 10)
    }

    @Test func lastAndItsProductAreReadByTheActionNotByADot() throws {
        let script = try RehearsalParser.parse(
            text: "refund last pro --reason other\nauto-renew last off\nbuy com.x --key last\n",
            file: "t.rehearsal"
        ).get()
        let stores = script.steps.compactMap { step -> ([String], [Int: TransactionReference])? in
            guard case .store(let words, let references, _) = step.command else { return nil }
            return (words, references)
        }
        #expect(stores.count == 3)
        #expect(
            stores[0].0 == ["refund", "0", "--reason", "other"] && stores[0].1 == [1: .last(productID: "pro")]
        )
        #expect(stores[1].0 == ["auto-renew", "0", "off"] && stores[1].1 == [1: .last(productID: nil)])
        // An option's value is not a transaction, whatever it reads.
        #expect(stores[2].0 == ["buy", "com.x", "--key", "last"] && stores[2].1.isEmpty)
        let found = errors("auto-renew last maybe\n")
        #expect(found.first?.message == "expected on or off, got 'maybe'")
    }

    @Test func setUpAfterTheStoreOpensIsRefused() {
        let found = errors("buy com.x\nclock 2026-01-01T00:00:00Z\n")
        #expect(found.count == 1 && found[0].location.line == 2)
        #expect(found.first?.message.contains("move it above that line") == true)
    }

    /// `import` names its files and says how they are trusted, before the store opens.
    @Test func anImportSaysHowItsFilesAreTrusted() throws {
        let script = try RehearsalParser.parse(
            text: "import a.json b.json trust root.der\nimport c.log unverified\n", file: "t.rehearsal"
        ).get()
        guard case .importHistory(let files, let trust) = script.steps[0].command,
            case .importHistory(let other, nil) = script.steps[1].command
        else {
            Issue.record("import lines were not read as imports")
            return
        }
        #expect(files == ["a.json", "b.json"] && trust == "root.der" && other == ["c.log"])
        #expect(errors("import a.json\n").first?.message.contains("say which root") == true)
        #expect(
            errors("import unverified\n").first?.message.contains("name the history's files first") == true)
        #expect(errors("import\n").first?.message.contains("import takes the history's files") == true)
        let late = errors("buy com.x\nimport a.json unverified\n")
        #expect(late.first?.location.line == 2 && late.first?.message.contains("move it above") == true)
    }

    @Test func includesAreFollowedAndLoopsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearsal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "set ask-to-buy on\n".write(
            to: folder.appendingPathComponent("pre.rehearsal"), atomically: true, encoding: .utf8)
        try "include pre.rehearsal\nbuy com.x\n".write(
            to: folder.appendingPathComponent("main.rehearsal"), atomically: true, encoding: .utf8)
        let script = try RehearsalParser.parse(path: folder.appendingPathComponent("main.rehearsal").path)
            .get()
        #expect(script.steps.count == 2 && script.steps[0].file.hasSuffix("pre.rehearsal"))
        try "include loop.rehearsal\n".write(
            to: folder.appendingPathComponent("loop.rehearsal"), atomically: true, encoding: .utf8)
        guard
            case .failure(let error) = RehearsalParser.parse(
                path: folder.appendingPathComponent("loop.rehearsal").path)
        else {
            Issue.record("an include loop parsed")
            return
        }
        #expect(error.description.contains("includes itself"))
    }
}
