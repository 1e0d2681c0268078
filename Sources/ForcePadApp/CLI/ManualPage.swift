import ArgumentParser
import ForcePadShell

/// `forcepad(1)`: the man page, generated from the command line's own declarations (every
/// subcommand and option, as `--help` shows them) and the shell's command table, so the
/// installed page can never disagree with the binary (`forcepad reference --format man`; the
/// packages install it).
enum ManualPage {
    /// The guides packaging/install.sh puts in the documentation folder (every `docs/*.md`),
    /// in the order a newcomer reads them.
    private static let guides = [
        "getting-started.md", "configuration.md", "boards.md", "presses-and-haptics.md", "live-view.md", "commands.md",
        "shortcuts.md", "scripting.md", "lab-guide.md", "lab-report-example.md", "reference-sensors.md",
        "accelerometer.md", "test-stand.md", "raspberry-pi.md", "fleet.md", "reliability.md", "performance.md", "packaging.md", "rig.md",
    ]

    static func text(date: String) -> String {
        let labConfig = StandardPaths.systemConfigDirectory + "/forcepad.toml"
        var lines = [
            #".TH FORCEPAD 1 "\#(date)" "ForcePad \#(ForcePadVersion.current)" "User Commands""#,
            ".SH NAME",
            #"forcepad \- force-sensing pad controller: peek and pop thresholds, haptics, a command shell"#,
            ".SH SYNOPSIS",
            #".B forcepad"#,
            #"[\fBrun\fR] [\fIOPTIONS\fR]"#,
            ".br",
            #".B forcepad replay"#,
            #"\fIRECORDING\fR|\fITRACE\fR [\fIOPTIONS\fR]"#,
            ".br",
            #".B forcepad probe"#,
            #"[\fIOPTIONS\fR]"#,
            ".br",
            #".B forcepad reference"#,
            #"[\fB\-\-format\fR \fBmarkdown\fR|\fBman\fR]"#,
            ".SH DESCRIPTION",
            RoffText.escaped(ForcePadCLI.configuration.abstract),
            RoffText.escaped(ForcePadCLI.configuration.discussion),
            ".SH COMMAND LINE",
        ]
        lines += commandLine()
        lines += [".SH SHELL COMMANDS",
                  RoffText.escaped("The shell reads one command per line on the console (standard input, or the serial line with --serial). In JSON mode (--json) every command answers with one line {\"ok\":true,\"cmd\":…} or {\"ok\":false,\"cmd\":…,\"error\":…}.")]
        lines += CommandReference.roff(ShellCommandTable.table)
        lines += [
            ".SH FILES",
            ".TP", file("/usr/share/forcepad/boards/") + ", " + file("/usr/local/share/forcepad/boards/"),
            "Board files, found by name with " + option("--board") + " NAME.",
            ".TP", file(labConfig),
            RoffText.escaped("The lab's config file: settings for every user of this machine. It is layered under each user's config file, whose keys win, and over the built-in defaults. As installed, every setting in it is commented out, so it changes nothing until the lab uncomments a line. ")
                + variable("CONFIGURATION_DIRECTORY") + ", set for a systemd service, names its folder.",
            ".TP", file("$XDG_CONFIG_HOME/forcepad/forcepad.toml"),
            "The user's config file, or the one " + option("--config") + " names: thresholds, filter, haptic patterns, presets, over the lab's; config save writes it. Without "
                + variable("XDG_CONFIG_HOME") + " it is " + file("~/.config/forcepad/forcepad.toml") + ".",
            ".TP", file("/usr/share/doc/forcepad/forcepad.example.toml"),
            "An annotated example of the config file, using every section.",
            ".TP", file("$XDG_STATE_HOME/forcepad/"),
            "State: calibration, shortcuts, recordings and reports. Without " + variable("XDG_STATE_HOME") + " it is "
                + file("~/.local/state/forcepad/") + "; " + option("--state-dir") + " chooses another.",
            ".SH ENVIRONMENT",
            ".TP", variable("XDG_CONFIG_HOME"),
            file("$XDG_CONFIG_HOME/forcepad/forcepad.toml") + " is the user's config file; " + file("~/.config") + " stands in when the variable is unset or empty.",
            ".TP", variable("XDG_STATE_HOME"),
            file("$XDG_STATE_HOME/forcepad/") + " is the state directory; " + file("~/.local/state") + " stands in when the variable is unset or empty.",
            ".TP", variable("HOME"),
            "The home folder, ~ in the defaults above; " + file("/tmp") + " stands in when it is unset or empty.",
            ".TP", variable("CONFIGURATION_DIRECTORY"),
            "The folder of the lab's config file, forcepad.toml, instead of " + file(StandardPaths.systemConfigDirectory)
                + "; the first one when colons separate several. systemd sets it for a service with ConfigurationDirectory=, as " + file("forcepad@.service") + " has.",
            ".TP", variable("FORCEPAD_BOARDS"),
            "A folder searched first for board files.",
            ".TP", ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"].map(variable).joined(separator: ", "),
            "Set by systemd for a Type=notify service: forcepad run sends READY=1 once the loop produces frames and STOPPING=1 when it stops, and while the loop runs feeds the watchdog at half "
                + variable("WATCHDOG_USEC") + ", unless " + variable("WATCHDOG_PID") + " names another process.",
            ".SH EXIT STATUS",
            "0 on a normal end, 2 for bad usage or a bad board or config file, 1 for a failure at run time.",
            ".SH SEE ALSO",
            ".na",
            "The guides, in " + file("/usr/share/doc/forcepad/") + ", or " + file("/usr/local/share/doc/forcepad/") + " after make install: "
                + guides.map(file).joined(separator: ", ") + ".",
            ".ad",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A file or folder in italics, never hyphenated; a long one may wrap after a slash past
    /// its first folder (`/usr/share/\:doc/\:…`).
    private static func file(_ path: String) -> String {
        let parts = RoffText.escaped(path).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let wrappable = ([parts.prefix(2).joined(separator: "/")] + parts.dropFirst(2)).joined(separator: #"/\:"#)
        return #"\fI\%"# + wrappable + #"\fR"#
    }

    /// An environment variable in bold, never hyphenated.
    private static func variable(_ name: String) -> String {
        #"\fB\%"# + name + #"\fR"#
    }

    /// An option in bold, as typed.
    private static func option(_ spelled: String) -> String {
        #"\fB"# + RoffText.escaped(spelled) + #"\fR"#
    }

    /// Each subcommand's usage, what it does and every argument and option, from the
    /// declarations its `--help` prints, as man markup.
    private static func commandLine() -> [String] {
        let declared = CommandLineDeclaration(of: ForcePadCLI.self).command.subcommands ?? []
        var lines: [String] = []
        for subcommand in ForcePadCLI.configuration.subcommands {
            let name = subcommand._commandName
            let tool = "forcepad " + name
            // The usage begins with the tool's name.
            let usage = ForcePadCLI.usageString(for: subcommand).dropFirst(tool.count + 1)
            lines += [".SS " + tool] + RoffText.usageParagraph([#"\fB"# + tool + #"\fR "# + RoffText.synopsis(String(usage))])
            lines += [".PP", RoffText.escaped(subcommand.configuration.abstract)]
            if !subcommand.configuration.discussion.isEmpty {
                lines += [".PP", RoffText.escaped(subcommand.configuration.discussion)]
            }
            let arguments = (declared.first { $0.commandName == name }?.arguments ?? []).filter(\.shouldDisplay)
            for argument in arguments.filter({ $0.kind == .positional }) + arguments.filter({ $0.kind != .positional }) {
                lines += [".TP", tag(argument)]
                let description = [argument.abstract, argument.valuesAndDefault, argument.discussion].compactMap { $0 }.filter { !$0.isEmpty }
                if !description.isEmpty { lines.append(RoffText.escaped(description.joined(separator: " "))) }
            }
        }
        return lines
    }

    /// An argument's `--help` synopsis as man markup: names in bold, the value in italics
    /// (`-h, --help`, `--board <NAME|PATH>`, `<TRACE.csv|RECORDING>`).
    private static func tag(_ argument: CommandLineDeclaration.Argument) -> String {
        let names = (argument.names ?? []).map { option($0.spelled) }.joined(separator: ", ")
        let value = #"\fI"# + RoffText.escaped(argument.valueName ?? "") + #"\fR"#
        switch argument.kind {
        case .positional: return value
        case .option: return names + " " + value
        case .flag: return names
        }
    }
}
