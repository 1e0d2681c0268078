/// Where a value sits in a TOML document: table keys and array indices from the root,
/// written `haptics.patterns.pop`, `shortcuts[1].type` or `calibration.points[3]`.
/// Keys that are not bare TOML keys are quoted (`user_info."lab owner"`).
struct ConfigKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down: a key of a table or an index (from 0) into an array.
    enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        init(stringLiteral value: String) { self = .key(value) }
        init(integerLiteral value: Int) { self = .index(value) }
    }

    let components: [Component]

    /// The document itself.
    static let root = ConfigKeyPath(components: [])

    init(components: [Component]) { self.components = components }

    init(_ components: Component...) { self.components = components }

    /// A path of bare keys written with dots (`hysteresis.peek`), as ``SettingsProblem`` names them.
    init(dotted: String) { self.init(components: dotted.split(separator: ".").map { .key(String($0)) }) }

    func key(_ name: String) -> ConfigKeyPath { ConfigKeyPath(components: components + [.key(name)]) }

    func index(_ index: Int) -> ConfigKeyPath { ConfigKeyPath(components: components + [.index(index)]) }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name):
                if !text.isEmpty { text += "." }
                text += Self.isBare(name) ? name : Self.quoted(name)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// Whether `name` can be written without quotes (TOML bare key: A–Z, a–z, 0–9, `_`, `-`).
    private static func isBare(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
    }

    private static func quoted(_ name: String) -> String {
        var text = "\""
        for character in name {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.append(character)
            }
        }
        return text + "\""
    }
}
