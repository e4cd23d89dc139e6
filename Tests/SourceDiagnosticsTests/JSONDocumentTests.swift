import SourceDiagnostics
import Testing

@Suite("JSON parser")
struct JSONDocumentTests {
    @Test func positionsAndPaths() throws {
        let text = "{\n  \"a\" : [ 1, { \"b\" : \"é\" } ],\n  \"odd key\" : null\n}"
        let document = try JSONDocument(bytes: Array(text.utf8))
        let array = try #require(document.member("a", of: document.root))
        let object = document.elements(of: array)[1]
        let b = try #require(document.member("b", of: object))
        #expect(document.string(b) == "é")
        #expect(document.path(to: b) == "a[1].b")
        #expect(
            document.location(of: b, file: "f") == SourceLocation(file: "f", line: 2, column: 22, offset: 23))
        let odd = try #require(document.member("odd key", of: document.root))
        #expect(document.path(to: odd) == "[\"odd key\"]")
        #expect(document.kind(of: odd) == .null)
    }

    @Test func anEmptyFileIsSaidToBeEmptyAtItsStart() {
        for text in ["", "  \n"] {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(bytes: Array(text.utf8)) }
            do {
                _ = try JSONDocument(bytes: Array(text.utf8))
            } catch {
                #expect(error.offset == text.utf8.count)
                #expect(error.message == "the file is empty; expected a JSON object")
            }
        }
    }

    @Test func columnsCountScalarsNotBytes() {
        let table = LineTable(bytes: Array("ab\n日本x\n".utf8))
        #expect(table.location(ofOffset: 9, file: "f").column == 3)
        #expect(table.location(ofOffset: 9, file: "f").line == 2)
        #expect(table.location(ofOffset: 0, file: "f").line == 1)
    }

    @Test func scalars() throws {
        let document = try JSONDocument(
            bytes: Array("[-12, 3.5e2, true, false, 9223372036854775808, \"\\u00e9\"]".utf8))
        let values = document.elements(of: document.root)
        #expect(document.int(values[0]) == -12)
        #expect(document.int(values[1]) == nil && document.double(values[1]) == 350)
        #expect(document.bool(values[2]) == true && document.bool(values[3]) == false)
        #expect(document.int(values[4]) == nil)
        #expect(document.string(values[5]) == "é")
        #expect(
            document.value(at: document.root)
                == .array([
                    .number("-12"), .number("3.5e2"), .bool(true), .bool(false),
                    .number("9223372036854775808"), .string("é"),
                ]))
    }

    @Test func byteOrderMarkAndMinifiedInput() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\":{\"b\":[]}}".utf8))
        #expect(document.count(of: document.root) == 1)
    }
}
