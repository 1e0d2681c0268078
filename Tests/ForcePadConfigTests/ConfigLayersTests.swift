@testable import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// The lab's file under the user's: each key from the top file that writes it, errors and
/// origins naming the file and line that wrote the key.
@Suite("Config layers")
struct ConfigLayersTests {
    static let lab = ConfigLayer(file: "/etc/forcepad/forcepad.toml", text: """
        # lab defaults
        preset = "firm"

        [filter]
        cutoff = "25Hz"
        kind = "biquad"

        [haptics.patterns]
        pop = "on 15ms"
        """)

    @Test func theUsersFileWinsKeyByKeyOverTheLabsAndTheBuiltInDefaults() throws {
        let user = ConfigLayer(file: "user.toml", text: "[filter]\ncutoff = 40\n")
        let settings = try ConfigFileLoader.parse(layers: [Self.lab, user], sampleRateHz: 1000)
        #expect(settings.filter.cutoffMilliHertz == 40_000)
        #expect(settings.filter.kind == .biquad)
        #expect(settings.preset == .firm)
        #expect(settings.thresholds.peek == .grams(200))
        #expect(settings.haptics.patterns["pop"]?.description == "on 15ms")
        #expect(settings.haptics.patterns["peek"]?.description == "on 2ms")
        #expect(settings.hysteresis == .standard)
    }

    @Test func numbersInTheUsersFileReplaceTheLabsPresetAndTheOtherWayRound() throws {
        let numbers = ConfigLayer(file: "user.toml", text: "[thresholds]\npeek = \"180g\"\npop = \"300g\"\n")
        let settings = try ConfigFileLoader.parse(layers: [Self.lab, numbers], sampleRateHz: 1000)
        #expect(settings.preset == nil)
        #expect(settings.thresholds.peek == .grams(180))
        let labNumbers = ConfigLayer(file: "lab.toml", text: "[thresholds]\ntouch = \"30g\"\npeek = \"180g\"\npop = \"300g\"\n")
        let preset = ConfigLayer(file: "user.toml", text: "preset = \"light\"\n")
        let presetOnTop = try ConfigFileLoader.parse(layers: [labNumbers, preset], sampleRateHz: 1000)
        #expect(presetOnTop.preset == .light)
        #expect(presetOnTop.thresholds == Thresholds(touch: .grams(30), peek: .grams(100), pop: .grams(200)))
    }

    @Test func aProblemIsPlacedInTheFileAndOnTheLineThatWroteTheKey() {
        let user = ConfigLayer(file: "user.toml", text: "# mine\n[filter]\nkind = \"one-pole\"\ncutoff = \"600Hz\"\n")
        #expect {
            try ConfigFileLoader.parse(layers: [Self.lab, user], sampleRateHz: 1000)
        } throws: { error in
            let error = error as? ConfigError
            return error?.file == "user.toml" && error?.line == 4 && error?.key == "filter.cutoff"
        }
        let labError = ConfigLayer(file: "lab.toml", text: "[hysteresis]\n\npeek = \"140g\"\n")
        #expect {
            try ConfigFileLoader.parse(layers: [labError, ConfigLayer(file: "user.toml", text: "")], sampleRateHz: 1000)
        } throws: { error in
            (error as? ConfigError)?.file == "lab.toml" && (error as? ConfigError)?.line == 3
        }
    }

    @Test func originsNameTheTopFileThatWritesEachValue() throws {
        let user = ConfigLayer(file: "user.toml", text: "# mine\n[filter]\ncutoff = 40   # smoother\n")
        let snapshot = try ConfigSnapshot(layers: [Self.lab, user], sampleRateHz: 1000)
        #expect(snapshot.origin(of: "filter.cutoff") == "user.toml:3")
        #expect(snapshot.origin(of: "filter.kind") == "/etc/forcepad/forcepad.toml:6")
        #expect(snapshot.origin(of: "preset") == "/etc/forcepad/forcepad.toml:2")
        #expect(snapshot.origin(of: "haptics.patterns.pop") == "/etc/forcepad/forcepad.toml:9")
        #expect(snapshot.origin(of: "hysteresis.peek") == nil)
        #expect(snapshot.source == "/etc/forcepad/forcepad.toml + user.toml")
    }

    @Test func noFileGivesTheBuiltInDefaults() throws {
        let snapshot = try ConfigSnapshot(layers: [], sampleRateHz: 1000)
        #expect(snapshot.settings == .standard)
        #expect(snapshot.source == "built-in defaults")
    }

    @Test func differencesListChangedAndDroppedKeys() {
        var running = ControllerSettings.standard
        running.preset = nil
        running.thresholds.peek = .grams(180)
        running.filter.cutoffMilliHertz = 40_000
        let differences = ConfigDifference.between(
            saved: ConfigValueList.values(of: .standard), running: ConfigValueList.values(of: running))
        #expect(differences == [
            ConfigDifference(key: "thresholds.peek", saved: nil, running: "\"180g\""),
            ConfigDifference(key: "thresholds.pop", saved: nil, running: "\"300g\""),
            ConfigDifference(key: "filter.cutoff", saved: "\"5Hz\"", running: "\"40Hz\""),
            ConfigDifference(key: "preset", saved: "\"medium\"", running: nil),
        ])
    }

    @Test func theSameSettingsWrittenDifferentlyGiveTheSameValues() throws {
        let spelled = try ConfigFileLoader.parse(text: "[thresholds]\ntouch = 20\n[filter]\ncutoff = \"0.005kHz\"\nbeta = 0.030\n", file: "a.toml")
        #expect(ConfigValueList.values(of: spelled) == ConfigValueList.values(of: .standard))
    }
}
