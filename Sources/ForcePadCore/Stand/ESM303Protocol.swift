/// The Mark-10 ESM303's PC Control commands and answers, as text. Pure: no I/O.
///
/// From the ESM303 user's guide, section 6 "Communication" (6.2 "PC Control Mode"; the ESM301
/// guide's 6.2 lists the same letters): every command is one lower-case ASCII letter, some with
/// a fixed-width number after it, ended by CR; the stand's menu must be set to CONTROL: CONSOLE
/// and 8 data bits, one stop bit, no parity. Letters used here:
/// - `i` travel in millimetres; `z` resets the travel readout to zero; `l` travel limit mode.
/// - `e` sets the speed, millimetre format `eXXXX.X` (four digits, one decimal, mm/min).
/// - `g` / `h` set the lower / upper travel limit, millimetre format `g-XXX.XX` (sign if
///   negative, three digits, two decimals): in limit mode the crosshead stops there.
/// - `d` moves the crosshead down, `u` up, `s` stops it.
/// - `x` requests the travel value; `p` requests the stand's status, answered with codes:
///   `U` moving up, `D` moving down, `S` stopped; `C`, `L`, `M` the operating mode; `UL` / `DL`
///   the crosshead at its upper / lower limit.
/// - `?` is passed to the Mark-10 gauge on the stand, which answers its displayed reading as
///   ``ForceGaugeAnswer`` reads it (the gauge's own commands need no slashes for that one); a
///   gauge overload is the stand's alarm.
///
/// Travel: the driver zeroes the readout (`z`) at home, the top of the stroke, and reads the
/// travel as distance moved down (set the stand's travel direction so that down counts up).
/// Answers end with CR LF; their letters are read in any case, separated by spaces or commas.
public enum ESM303Protocol {
    public static let travelInMillimetres = "i"
    public static let zeroTravel = "z"
    public static let limitMode = "l"
    public static let down = "d"
    public static let up = "u"
    public static let stop = "s"
    public static let requestTravel = "x"
    public static let requestStatus = "p"
    public static let requestForce = "?"
    /// What ends every command: CR.
    public static let lineEnd = "\r"

    /// `e` with the speed in mm/min (`speed` µm/min), e.g. `e0200.3`; capped at 9999.9 mm/min.
    public static func setSpeed(_ speed: Int64) -> String {
        "e" + StandTravelText.fixed(min(max(speed, 0), 9_999_900), decimals: 1, width: 4)
    }

    /// `g` with the lower travel limit in mm (`travel` µm), e.g. `g010.70`.
    public static func setLowerLimit(_ travel: Int64) -> String {
        "g" + StandTravelText.fixed(clampedLimit(travel), decimals: 2, width: 3)
    }

    /// `h` with the upper travel limit in mm (`travel` µm), e.g. `h-007.52`.
    public static func setUpperLimit(_ travel: Int64) -> String {
        "h" + StandTravelText.fixed(clampedLimit(travel), decimals: 2, width: 3)
    }

    /// A limit the fixed-width format can hold: ±999.99 mm.
    private static func clampedLimit(_ travel: Int64) -> Int64 { min(max(travel, -999_990), 999_990) }

    /// The travel in an answer to `x` (µm): a decimal number of millimetres, optionally
    /// followed by `mm`; nil when the line is not that (an inch reading is refused too).
    public static func travel(in line: String) -> Int64? {
        var text = Substring(line.trimmingSpacesAndLineEnds())
        if text.lowercased().hasSuffix("mm") { text = text.dropLast(2) }
        while text.last == " " { text = text.dropLast() }
        return StandTravelText.micrometres(text)
    }

    /// The status in an answer to `p`: `D`/`U` moving, `S` stopped, and `UL`/`DL` when the
    /// crosshead stands at its upper/lower limit (home is the upper one); nil when the line
    /// carries no motion code or an unknown one.
    public static func status(in line: String) -> (state: StandState, limit: String?)? {
        let codes = line.uppercased().split { $0 == " " || $0 == "," || $0 == "\r" || $0 == "\n" }
        var state: StandState?
        var limit: String?
        for code in codes {
            switch code {
            case "U", "D": state = .moving
            case "S": state = .idle
            case "UL", "DL": limit = String(code)
            case "C", "L", "M": continue
            default: return nil
            }
        }
        return state.map { ($0, limit) }
    }
}
