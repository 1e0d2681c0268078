/// A TOML date, time or date-time (RFC 3339), checked when read and kept as written.
///
/// No ForcePad file holds one: the state files write their time stamps as strings
/// (`written = "2026-11-22T03:50:00Z"`). A date written bare is still read, as TOML 1.0 says,
/// so that a key expecting something else names what it found ("found a date-time").
struct TOMLDateTime: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `1979-05-27T07:32:00Z`, `1979-05-27 07:32:00-07:00`.
        case offsetDateTime
        /// `1979-05-27T07:32:00`.
        case localDateTime
        /// `1979-05-27`.
        case localDate
        /// `07:32:00.999`.
        case localTime

        /// As messages name it after "found".
        var phrase: String {
            switch self {
            case .offsetDateTime, .localDateTime: "a date-time"
            case .localDate: "a date"
            case .localTime: "a time"
            }
        }
    }

    let kind: Kind
    /// The value as written in the file.
    let text: String
}
