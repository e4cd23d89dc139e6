import CommandLineOptions
import Testing

/// Options declared once as properties, read typed, listed in declaration order.
@Suite struct ParsableOptionsTests {
    enum Colour: String, CaseIterable, Sendable {
        case red, green, blue
    }

    struct Shared: ParsableOptions {
        static let stateOption = OptionDefinition.option("state", value: "DIR", help: "Where.")
        @Option(Shared.stateOption) var state: String?
        @Flag("dry-run", help: "Change nothing.") var dryRun: Bool
    }

    struct Sample: ParsableOptions {
        @Option("out", value: "FILE", help: "Where to write.") var out: String?
        @Option("colour", value: "COLOUR", help: "A colour.", choices: Colour.self) var colour: Colour?
        @Option("count", value: "N", help: "How many.", transform: Sample.count) var count: Int?
        @OptionGroup var shared: Shared
        @Option("tag", value: "T", help: "A tag; again for more.") var tags: [String]
        @Flag("json", help: "JSON.") var json: Bool

        @Sendable static func count(_ text: String) throws(UsageError) -> Int {
            guard let count = Int(text), count > 0 else {
                throw UsageError("--count needs a positive number, got '\(text)'")
            }
            return count
        }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Arguments<Sample> {
        try Sample.parse(arguments, command: "tool")
    }

    @Test func definitionsFollowTheDeclarationsInOrder() {
        #expect(
            Sample.definitions.map(\.name) == [
                "out", "colour", "count", "state", "dry-run", "tag", "json",
            ])
        let colour = Sample.definitions[1]
        #expect(colour.valueName == "COLOUR" && colour.completion == .words(["red", "green", "blue"]))
        #expect(Sample.definitions[0].completion == .files, "a FILE completes files unless told otherwise")
        #expect(Sample.definitions[3].completion == .directories)
        #expect(Sample.definitions[5].isRepeatable)
        #expect(Sample.definitions[6].valueName == nil)
    }

    @Test func nothingGivenReadsAsTheDeclarationsDefaults() throws {
        let options = try parse([]).options
        #expect(options.out == nil && options.colour == nil && options.count == nil)
        #expect(options.shared.state == nil && !options.shared.dryRun && !options.json)
        #expect(options.tags.isEmpty)
    }

    @Test func valuesAreReadTyped() throws {
        let parsed = try parse([
            "a", "--out=x.txt", "--colour", "green", "--count", "3", "--state", "/tmp/s", "--dry-run",
            "--tag", "1",
            "--tag=2", "--json", "b",
        ])
        let options = parsed.options
        #expect(options.out == "x.txt" && options.colour == .green && options.count == 3)
        #expect(options.shared.state == "/tmp/s" && options.shared.dryRun && options.json)
        #expect(options.tags == ["1", "2"])
        #expect(parsed.positionals == ["a", "b"])
        #expect(options.$out.name == "out", "the projected value is the definition, for messages")
    }

    @Test func theOptionsGivenAreListedInDeclarationOrderGroupsIncluded() throws {
        #expect(try parse([]).options.givenOptions.isEmpty)
        let given = try parse(["--json", "--dry-run", "--tag", "1", "--tag", "2", "--out", "x"])
            .options.givenOptions
        #expect(given.map(\.name) == ["out", "dry-run", "tag", "json"])
    }

    @Test(arguments: [
        (
            ["--colour", "gren"],
            "--colour must be one of red, green, blue, got 'gren'; did you mean 'green'?"
        ),
        (["--colour", "purple"], "--colour must be one of red, green, blue, got 'purple'"),
        (["--count", "0"], "--count needs a positive number, got '0'"),
        (["--state"], "'--state' needs a value (DIR)"),
        (["--dryrun"], "unknown option '--dryrun' for 'tool'; did you mean '--dry-run'?"),
    ])
    func aBadValueIsAUsageErrorNamingTheOptionAndTheValue(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    struct Broken: ParsableOptions {
        @Flag("json", help: "JSON.") var json: Bool
        var extra = 0
    }

    @Test func aStoredPropertyThatIsNoOptionIsNamedNotSkipped() {
        #expect(Broken.definitions.map(\.name) == ["json"])
        do {
            _ = try Broken.parse(["--json"], command: "tool")
            Issue.record("a stored property outside the options was read without a word")
        } catch {
            #expect(
                error.description.contains("Broken.extra is a stored property but not an @Option"), "\(error)"
            )
        }
    }

    @Test func aWrapperReadFromAnythingButACommandLineSaysSo() throws {
        struct Plain: Decoder {
            var codingPath: [any CodingKey] { [] }
            var userInfo: [CodingUserInfoKey: Any] { [:] }
            func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
                throw UsageError("unused")
            }
            func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw UsageError("unused") }
            func singleValueContainer() throws -> any SingleValueDecodingContainer {
                throw UsageError("unused")
            }
        }
        do {
            _ = try Flag(from: Plain())
            Issue.record("a flag was read from a decoder that holds no command line")
        } catch {
            #expect("\(error)".contains("is read from a command line only"), "\(error)")
        }
    }
}
