/// Durations and frequencies written the way config files and the shell take them.
public enum QuantityText {
    /// `2s`, `15ms`, `0.5ms` or `250us`, from microseconds.
    public static func duration(_ micros: Int64) -> String {
        if micros != 0, micros % 1_000_000 == 0 { return FixedDecimal.format(micros, scale: 6) + "s" }
        if micros % 100 == 0 { return FixedDecimal.format(micros, scale: 3) + "ms" }
        return "\(micros)us"
    }

    /// `30Hz`, `0.1Hz`, from milli-hertz.
    public static func frequency(_ milliHertz: Int64) -> String {
        FixedDecimal.format(milliHertz, scale: 3) + "Hz"
    }

    /// The one-euro filter's β as config files and the shell take it: `0.2` (Hz per g/s), from
    /// mHz per g/s.
    public static func beta(_ milliHertzPerGramPerSecond: Int64) -> String {
        FixedDecimal.format(milliHertzPerGramPerSecond, scale: 3)
    }
}
