import ForcePadConfig
import Testing

@Suite("Config error text")
struct ConfigErrorTests {
    @Test func withALine() {
        let error = ConfigError(file: "forcepad.toml", line: 7, key: "thresholds.pop", message: "120g must be above thresholds.peek (150g)")
        #expect(error.description == "forcepad.toml:7: thresholds.pop: 120g must be above thresholds.peek (150g)")
    }

    @Test func withoutALine() {
        let error = ConfigError(file: "boards/x.toml", line: nil, key: "i2c", message: "missing")
        #expect(error.description == "boards/x.toml: i2c: missing")
    }
}
