/// What an accelerometer reading is reduced to: one of the sensor's axes (the one normal to
/// the pad, for the actuator's stroke) or the magnitude of all three.
public enum AccelerometerAxis: String, Sendable, CaseIterable {
    case x, y, z, magnitude
}
