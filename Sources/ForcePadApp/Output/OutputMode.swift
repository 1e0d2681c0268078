/// How the shell answers: readable lines, or one JSON object per line for scripts.
public enum OutputMode: String, Sendable, CaseIterable {
    case human, json
}
