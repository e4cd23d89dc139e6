import Foundation
import SourceDiagnostics
import Testing

@testable import XcodeProject

@Suite struct PlistParserTests {
    func parse(_ text: String) throws(PlistSyntaxError) -> PlistValue {
        try PlistParser.parse(Array(text.utf8), file: "project.pbxproj")
    }

    @Test func readsDictionariesArraysStringsAndComments() throws {
        let value = try parse(
            """
            // !$*UTF8*$!
            {
                archiveVersion = 1; /* a comment */
                list = ( a, "b c", /* x */ d.swift, );
                nested = { path = "<group>"; };
                data = <0fA0 11>;
            }
            """)
        #expect(value["archiveVersion"]?.string == "1")
        #expect(value["list"]?.strings == ["a", "b c", "d.swift"])
        #expect(value["nested"]?["path"]?.string == "<group>")
        #expect(value["data"] == .data([0x0F, 0xA0, 0x11], offset: value["data"]?.offset ?? 0))
    }

    @Test func decodesEscapes() throws {
        let value = try parse(#"{ a = "tab\there \"q\" \\ \U00e9 \012"; }"#)
        #expect(value["a"]?.string == "tab\there \"q\" \\ é \n")
    }

    @Test func aMissingSemicolonIsLocated() {
        #expect(throws: PlistSyntaxError.self) { try parse("{\n  a = b\n  c = d;\n}") }
        do {
            _ = try parse("{\n  a = b\n  c = d;\n}")
        } catch {
            #expect(error.location.line == 3)
            #expect(error.location.column == 3)
            #expect(error.message == "expected ';' after the value of 'a', found 'c'")
        }
    }

    @Test func anUnclosedDictionarySaysWhereItOpened() {
        do {
            _ = try parse("{\n  objects = {\n    a = b;\n")
            Issue.record("parsed an unclosed dictionary")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "project.pbxproj:2:13: error: the dictionary opened at line 2, column 13"))
        }
    }

    @Test func anUnclosedStringAndTrailingTextAreRefused() {
        #expect(throws: PlistSyntaxError.self) { try parse(#"{ a = "open; }"#) }
        #expect(throws: PlistSyntaxError.self) { try parse("{ a = b; } }") }
        #expect(throws: PlistSyntaxError.self) { try parse("") }
        #expect(throws: PlistSyntaxError.self) { try parse("{ a = <0f1>; }") }
    }

    @Test func readsTheExampleProject() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Fixtures.example + "/project.pbxproj"))
        let value = try PlistParser.parse(Array(bytes), file: "project.pbxproj")
        #expect(value["objectVersion"]?.string == "77")
        #expect(value["objects"]?.dictionary?.count == 28)
    }
}
