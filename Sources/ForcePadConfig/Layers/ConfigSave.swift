import ForcePadCore
import Glibc

/// `config save`: writes the running settings into the user's config file, changing only the
/// values that differ from what the files give (see ``ConfigTextEditor``: comments, order and
/// untouched values stay as they were).
///
/// The file is replaced atomically after the previous one is kept as `NAME~`
/// (``BackedUpFileWriter``). A symbolic link at the file's name is refused rather than
/// written through or replaced. The edited text is read back, layered as at start-up, before
/// anything is written: a file that would not load as the running settings is never written.
public enum ConfigSave {
    /// What a new file starts with.
    static let newFileHeader = """
        # forcepad.toml, written by `config save`: the settings changed from the shell.
        # Every key is described in docs/configuration.md; keys not written keep their default.

        """

    /// What was saved: the changed settings, what the file was changed in for them, the file,
    /// and where its previous version is kept (nil when there was none).
    public struct Outcome: Sendable {
        public let differences: [ConfigDifference]
        /// The keys written into the file, in ``differences``' order.
        public let writtenKeys: [String]
        /// The keys whose line was removed from the file. A key the running settings drop
        /// that the file did not write (`preset` from the built-in defaults, when the running
        /// thresholds are numbers) is in neither list: nothing in the file stood for it.
        public let removedKeys: [String]
        public let file: String
        public let previousFile: String?
    }

    /// Saves `running` into `files.userFile`; nothing is written when nothing differs.
    public static func save(
        _ running: ControllerSettings, files: ConfigFiles, sampleRateHz: Int, hapticDriver: HapticDriverDescription? = nil
    ) throws(ConfigError) -> Outcome {
        let path = files.userFile
        let snapshot = try files.load(sampleRateHz: sampleRateHz, hapticDriver: hapticDriver)
        let runningValues = ConfigValueList.values(of: running)
        let differences = ConfigDifference.between(saved: snapshot.values, running: runningValues)
        guard !differences.isEmpty else { return Outcome(differences: [], writtenKeys: [], removedKeys: [], file: path, previousFile: nil) }
        try BackedUpFileWriter.refuseLinks(path, advice: "move it away, or start with --config naming the real file")
        let existing = ConfigFiles.exists(path)
        let oldText = existing ? try TextFileReader.read(path: path) : nil
        var editor = ConfigTextEditor(text: oldText ?? newFileHeader, file: path)
        var writtenKeys: [String] = []
        var removedKeys: [String] = []
        for difference in differences {
            if let value = difference.running {
                try editor.set(difference.key, to: value)
                writtenKeys.append(difference.key)
            } else if try editor.remove(difference.key) {
                removedKeys.append(difference.key)
            }
        }
        let lower = snapshot.layers.filter { $0.file != path }
        let check: ConfigSnapshot
        do {
            check = try ConfigSnapshot(
                layers: lower + [ConfigLayer(file: path, text: editor.text)], sampleRateHz: sampleRateHz, hapticDriver: hapticDriver)
        } catch {
            throw ConfigError(
                file: path, line: nil, key: "file",
                message: "the edited file would not load (\(error.description)); nothing was written, change it by hand")
        }
        if let mismatch = ConfigDifference.between(saved: check.values, running: runningValues).first {
            throw ConfigError(
                file: path, line: nil, key: mismatch.key,
                message: "the edited file would load \(mismatch.saved ?? "nothing") instead of \(mismatch.running ?? "nothing"); nothing was written, change it by hand")
        }
        try makeDirectory(of: path)
        let previousFile = try BackedUpFileWriter.write(
            editor.text, to: path, previous: oldText, hint: "check the disk and the permissions of the file's directory")
        return Outcome(differences: differences, writtenKeys: writtenKeys, removedKeys: removedKeys, file: path, previousFile: previousFile)
    }

    /// Creates the directories above `path` that are missing.
    private static func makeDirectory(of path: String) throws(ConfigError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var prefix = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw ConfigError(file: path, line: nil, key: "file", message: "cannot create the directory \(prefix): \(reason); create it or start with another --config")
            }
        }
    }
}
