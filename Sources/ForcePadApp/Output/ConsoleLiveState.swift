/// What the console shows besides the lines written to it: nothing, a live line at the
/// bottom (`monitor`'s bar), or a picture that owns the screen (`monitor plot`) while the
/// lines written meanwhile wait.
enum ConsoleLiveState {
    case none
    /// The live line shown (escaped).
    case line(String)
    /// The lines waiting (escaped, each with its line ending), how many more were dropped,
    /// and what gives the screen back.
    case screen(held: [String], dropped: Int, leaving: String)
}
