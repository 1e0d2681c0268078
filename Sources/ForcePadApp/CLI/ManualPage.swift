import ArgumentParser
import ForcePadShell

/// `forcepad(1)`: the man page, generated from the command line's own help (every
/// subcommand and option) and the shell's command table, so the installed page can never
/// disagree with the binary (`forcepad reference --format man`; the packages install it).
enum ManualPage {
    static func text(date: String) -> String {
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
        for subcommand in ForcePadCLI.configuration.subcommands {
            let name = subcommand.configuration.commandName ?? "forcepad"
            let help = ForcePadCLI.helpMessage(for: subcommand, columns: 78)
            lines += [".SS forcepad " + RoffText.escaped(name)] + RoffText.literal(help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        lines += [".SH SHELL COMMANDS",
                  RoffText.escaped("The shell reads one command per line on the console (standard input, or the serial line with --serial). In JSON mode (--json) every command answers with one line {\"ok\":true,\"cmd\":…} or {\"ok\":false,\"cmd\":…,\"error\":…}.")]
        lines += CommandReference.roff(ShellCommandTable.table)
        lines += [
            ".SH FILES",
            ".TP", #"\fI/usr/share/forcepad/boards/\fR, \fI/usr/local/share/forcepad/boards/\fR"#,
            "Board files, found by name with --board NAME.",
            ".TP", #"\fI$XDG_CONFIG_HOME/forcepad/forcepad.toml\fR (default \fI~/.config/forcepad/forcepad.toml\fR)"#,
            "The config file: thresholds, filter, haptic patterns, presets. /etc/forcepad/forcepad.toml is an annotated example.",
            ".TP", #"\fI$XDG_STATE_HOME/forcepad/\fR (default \fI~/.local/state/forcepad/\fR)"#,
            "State: calibration, shortcuts, recordings and reports (--state-dir chooses another).",
            ".SH ENVIRONMENT",
            ".TP", #"\fBFORCEPAD_BOARDS\fR"#,
            "A folder searched first for board files.",
            ".SH EXIT STATUS",
            "0 on a normal end, 2 for bad usage or a bad board or config file, 1 for a failure at run time.",
            ".SH SEE ALSO",
            RoffText.escaped("The guides in /usr/share/doc/forcepad/: getting-started.md, configuration.md, boards.md, raspberry-pi.md, lab-guide.md, commands.md."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
