/// The text of one config file and the name errors give it, as one layer of the settings
/// (the lab's file, then the user's on top).
public struct ConfigLayer: Sendable, Equatable {
    /// The file as it is named in messages (its path).
    public let file: String
    public let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Reads the file at `path`, refusing what ``TextFileReader`` refuses.
    public static func read(path: String) throws(ConfigError) -> ConfigLayer {
        ConfigLayer(file: path, text: try TextFileReader.read(path: path))
    }
}
