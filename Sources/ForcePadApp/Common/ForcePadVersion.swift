/// The version of this build, shown by `--version` and stamped on what ForcePad writes.
public enum ForcePadVersion {
    public static let current = "0.1.0"
}
