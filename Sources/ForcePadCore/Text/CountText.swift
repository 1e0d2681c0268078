/// A count written with the noun it counts, singular for exactly one: `1 press`, `0 presses`,
/// `2 samples`. Every count the shell, reports and messages show with its noun goes through here.
public enum CountText {
    /// `count` and `noun` (written singular), the noun in the plural unless `count` is 1:
    /// `es` after s, x, z, ch or sh (`presses`), else `s` (`pulses`). A noun phrase takes the
    /// plural on its last word (`read errors`).
    public static func of(_ count: some BinaryInteger, _ noun: String) -> String {
        "\(count) " + (count == 1 ? noun : plural(of: noun))
    }

    /// The regular English plural of `noun`.
    static func plural(of noun: String) -> String {
        noun + (["s", "x", "z", "ch", "sh"].contains { noun.hasSuffix($0) } ? "es" : "s")
    }
}
