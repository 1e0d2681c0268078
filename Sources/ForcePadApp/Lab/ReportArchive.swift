import ForcePadHAL
import ForcePadShell
import FoundationEssentials
import Glibc

/// The reports of one recording in `reports/`: never replaced. The first is `NAME.json`
/// (with `NAME.svg`); a later report whose content differs becomes a new revision,
/// `NAME.r2.json` (`NAME.r2.svg`), naming the one before it; a report whose content is the
/// same is not written again. Every file is sealed (``SealedJSON``).
struct ReportArchive {
    let paths: LabPaths
    let name: String
    /// The largest report file read (bytes). A report holds every frame's filtered force,
    /// under 12 bytes a frame, so this is over an hour and a half at 1 kHz; anything larger
    /// is not a report ForcePad wrote, and is not read into memory.
    static let maximumFileBytes = 64 << 20

    /// The reports of the recording `name`, which must be a name (``CaptureName``), never a
    /// path: `report verify ../x` is refused as `report ../x` is.
    init(paths: LabPaths, name: String) throws(CommandFailure) {
        self.paths = paths
        self.name = try CaptureName.validated(name)
    }

    /// What a report file says about itself (the fields read back).
    struct Summary: Decodable {
        var revision: Int
        var generated: String
        var verdict: String?
        var contentSHA256: String

        enum CodingKeys: String, CodingKey {
            case revision, generated, verdict, contentSHA256 = "content_sha256"
        }
    }

    /// A written revision: its number, files and what it says.
    struct Revision {
        let number: Int
        let json: String
        let svg: String
    }

    func revision(_ number: Int) -> Revision {
        let stem = paths.reports + "/" + name + (number == 1 ? "" : ".r\(number)")
        return Revision(number: number, json: stem + ".json", svg: stem + ".svg")
    }

    /// The revisions written so far, oldest first.
    var revisions: [Revision] {
        var found: [Revision] = []
        while LabPaths.exists(revision(found.count + 1).json) { found.append(revision(found.count + 1)) }
        return found
    }

    /// Reads `revision` and checks its seal.
    func check(_ revision: Revision) throws(CommandFailure) -> Summary {
        let contents: (text: String, truncated: Bool)
        do {
            contents = try TextFileContents.read(revision.json, maximumBytes: Self.maximumFileBytes)
        } catch {
            throw CommandFailure("cannot read \(error.description); check the file's permissions")
        }
        guard !contents.truncated else {
            throw CommandFailure("\(revision.json) is larger than \(Self.maximumFileBytes >> 20) MiB, more than any ForcePad report; it is not read and is kept as found")
        }
        let text = contents.text
        if case .failure(let failure) = SealedJSON.verify(text) {
            throw CommandFailure("\(revision.json) \(failure.message); it is kept as found")
        }
        do {
            return try JSONDecoder().decode(Summary.self, from: Data(text.utf8))
        } catch {
            throw CommandFailure("\(revision.json) is sealed but not a ForcePad report (format 2)")
        }
    }
}
