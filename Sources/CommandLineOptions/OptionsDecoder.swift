/// The `Decoder` a ``ParsableOptions``' synthesised `init(from:)` runs on: each property is
/// asked for by name, and built by its wrapper from its declaration and the values given.
struct OptionsDecoder: Decoder {
    let given: GivenArguments
    let declarations: [String: any DeclaredArgument]
    /// The options type, for the message about a stored property that is not an option.
    let type: String

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(OptionsContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw notOptions }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw notOptions }

    private var notOptions: OptionDeclarationError {
        OptionDeclarationError("\(type) is not a ParsableOptions")
    }
}

/// A declaration mistake: a stored property of a `ParsableOptions` that is not an option, or an
/// option wrapper decoded by another decoder.
struct OptionDeclarationError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}

/// The properties of one options type, by name.
private struct OptionsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: OptionsDecoder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.declarations.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { decoder.declarations[key.stringValue] != nil }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        guard let declared = decoder.declarations[key.stringValue] else { throw notAnOption(key) }
        return try T(from: PropertyDecoder(declared: declared, given: decoder.given))
    }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    // Plain stored values: every stored property must be an option wrapper.
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { throw notAnOption(key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { throw notAnOption(key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { throw notAnOption(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { throw notAnOption(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { throw notAnOption(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { throw notAnOption(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { throw notAnOption(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { throw notAnOption(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { throw notAnOption(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { throw notAnOption(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { throw notAnOption(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { throw notAnOption(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { throw notAnOption(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { throw notAnOption(key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw notAnOption(key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw notAnOption(key)
    }

    func superDecoder() throws -> any Decoder {
        throw OptionDeclarationError("\(decoder.type) has a superclass")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw notAnOption(key) }

    private func notAnOption(_ key: Key) -> OptionDeclarationError {
        OptionDeclarationError(
            "\(decoder.type).\(key.stringValue) is a stored property but not an @Option, @Flag or "
                + "@OptionGroup: make it one, or a computed property")
    }
}

/// The decoder one option wrapper is built from: its declaration and the values given.
struct PropertyDecoder: Decoder {
    let declared: any DeclaredArgument
    let given: GivenArguments

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw OptionDeclarationError("an option has no keyed contents")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw OptionDeclarationError("an option has no unkeyed contents")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw OptionDeclarationError("an option has no single value contents")
    }

    /// The declaration of a wrapper of type `Wrapper` and the values given, or an error when
    /// the wrapper is decoded from anything but a command line.
    static func declaration<Wrapper>(of _: Wrapper.Type, in decoder: any Decoder) throws -> (
        declared: Wrapper, given: GivenArguments
    ) {
        guard let decoder = decoder as? PropertyDecoder, let declared = decoder.declared as? Wrapper else {
            throw OptionDeclarationError(
                "\(Wrapper.self) is read from a command line only (ParsableOptions.parse)")
        }
        return (declared, decoder.given)
    }
}
