import ForcePadHAL
import ForcePadLabFiles
import ForcePadCore

/// The reports of one recording in `reports/`: never replaced. The first is `NAME.json`
/// (with `NAME.svg`); a later report whose content differs becomes a new revision,
/// `NAME.r2.json` (`NAME.r2.svg`), naming the one before it; a report whose content is the
/// same is not written again. Every file is sealed (``SealedJSON``) and read back through ``ReportSummary``.
struct ReportArchive {
    let paths: LabPaths
    let name: String

    /// The reports of the recording `name`, which must be a name (``CaptureName``), never a
    /// path: `report verify ../x` is refused as `report ../x` is.
    init(paths: LabPaths, name: String) throws(CommandFailure) {
        self.paths = paths
        self.name = try CaptureName.validated(name)
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

    /// Reads `revision` and checks it (``ReportSummary/parse(_:path:revision:)``).
    func check(_ revision: Revision) throws(CommandFailure) -> ReportSummary {
        let contents: (text: String, truncated: Bool)
        do {
            contents = try TextFileContents.read(revision.json, maximumBytes: ReportSummary.maxBytes)
        } catch {
            throw CommandFailure("cannot read \(error.description); check the file's permissions")
        }
        guard !contents.truncated else {
            throw CommandFailure("\(revision.json) is larger than \(ReportSummary.maxBytes >> 20) MiB, more than any ForcePad report; it is not read and is kept as found")
        }
        do {
            return try ReportSummary.parse(contents.text, path: revision.json, revision: revision.number)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
