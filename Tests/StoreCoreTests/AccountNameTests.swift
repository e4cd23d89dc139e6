import Foundation
import StoreCore
import Testing
import WireProtocol

/// An account name is a type of its own, and it is written as its bare name everywhere a
/// `String` was: the wire's JSON, a dictionary keyed by account, messages and the journal.
@Suite struct AccountNameTests {
    @Test func anAccountIsWrittenAsItsBareNameInJSON() throws {
        let account = StoreAccount(name: "ann \"the\" tester", storefront: "GBR", familyID: "f1")
        let json = String(decoding: WireCoding.encode(account), as: UTF8.self)
        #expect(json.contains(#""name":"ann \"the\" tester""#), "\(json)")
        let decoded = try WireCoding.decode(StoreAccount.self, from: Array(json.utf8))
        #expect(decoded == account)
        #expect(decoded.name.rawValue == "ann \"the\" tester")
    }

    @Test func aNameThatIsNotAStringIsRefusedNamingTheField() {
        #expect(throws: StoreError.self) {
            try WireCoding.decode(StoreAccount.self, from: Array(#"{"name": 5, "storefront": "USA"}"#.utf8))
        }
    }

    @Test func aDictionaryKeyedByAccountIsAJSONObject() throws {
        let counts: [AccountName: Int] = ["ann": 1, "bob": 2]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(counts), as: UTF8.self)
        #expect(json == #"{"ann":1,"bob":2}"#)
        #expect(try JSONDecoder().decode([AccountName: Int].self, from: Data(json.utf8)) == counts)
    }

    @Test func messagesAndInterpolationsShowTheBareName() {
        let index = 7
        let name: AccountName = "tester\(index)"
        #expect(name == AccountName("tester7"))
        #expect("\(name)" == "tester7")
        #expect(StoreError.accountNotFound(name).description.contains("No account 'tester7'"))
        #expect([AccountName("bob"), "ann", "carl"].sorted() == ["ann", "bob", "carl"])
    }
}
