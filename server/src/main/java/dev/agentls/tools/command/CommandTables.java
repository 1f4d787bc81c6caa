package dev.agentls.tools.command;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The commands that always need approval, by what makes them dangerous, and the sub-commands of tools whose other
 * sub-commands are harmless. Data only; {@link CommandRules} applies it.
 */
final class CommandTables {

    private CommandTables() {}

    static final Set<String> DESTRUCTIVE = Set.of(
            "rm", "rmdir", "shred", "dd", "mke2fs", "mkswap", "fdisk", "sfdisk", "cfdisk", "gdisk", "parted",
            "wipefs", "truncate", "unlink", "srm", "badblocks", "blkdiscard", "losetup", "fstrim");

    static final Set<String> NETWORK = Set.of(
            "curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "telnet", "ftp", "lftp", "tftp",
            "socat", "ping", "ping6", "traceroute", "tracepath", "mtr", "dig", "nslookup", "host", "whois", "aria2c",
            "axel", "http", "https", "httpie", "xh", "lynx", "links", "w3m", "elinks", "mosh", "nmap", "ssh-copy-id",
            "ssh-keyscan", "sshpass", "mail", "mailx", "sendmail", "mutt", "ngrok", "openvpn", "wg", "wg-quick",
            "nmcli", "gh", "glab", "hub", "aws", "gcloud", "gsutil", "az", "heroku", "vercel", "netlify", "firebase",
            "flyctl", "fly", "doctl", "s3cmd", "rclone", "svn", "hg");

    static final Set<String> PRIVILEGED = Set.of(
            "sudo", "su", "doas", "pkexec", "runuser", "chroot", "mount", "umount", "setcap", "chattr", "passwd",
            "chpasswd", "useradd", "userdel", "usermod", "groupadd", "groupdel", "visudo", "crontab", "sysctl",
            "insmod", "rmmod", "modprobe", "iptables", "ip6tables", "nft", "ufw", "firewall-cmd", "setenforce",
            "swapon", "swapoff", "hostnamectl", "timedatectl", "update-alternatives", "ldconfig", "chsh", "at",
            "batch");

    static final Set<String> PROCESSES = Set.of(
            "kill", "killall", "pkill", "skill", "xkill", "shutdown", "reboot", "halt", "poweroff", "systemctl",
            "service", "init", "telinit", "launchctl", "fuser");

    static final Set<String> PACKAGE_MANAGERS = Set.of(
            "apt", "apt-get", "aptitude", "dpkg", "rpm", "yum", "dnf", "zypper", "pacman", "apk", "port", "snap",
            "flatpak", "emerge", "nix-env", "nix", "pipx", "npx", "pnpx", "bunx", "choco", "winget", "scoop", "sdk",
            "asdf", "nvm", "rustup", "corepack");

    static final Set<String> OPENERS = Set.of("open", "xdg-open", "gio", "sensible-browser", "x-www-browser");

    /** Interpreters whose inline code ({@code -c}, {@code -e}) is looked at for danger. */
    static final Set<String> INTERPRETERS = Set.of(
            "python", "python2", "python3", "node", "nodejs", "ruby", "perl", "php", "deno", "lua", "Rscript",
            "osascript", "pwsh", "powershell", "jshell", "groovy", "irb");

    static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "mksh", "busybox");

    /** Commands whose arguments are only printed or tested, so an unknown variable in them reaches no file. */
    static final Set<String> PRINTING = Set.of(
            "echo", "printf", "test", "[", "[[", "true", "false", ":", "export", "declare", "local", "readonly",
            "typeset", "set", "unset", "read", "shift", "return", "exit", "let", "type", "which", "hash", "alias",
            "printenv", "date", "sleep", "wait", "trap", "basename", "dirname", "expr", "seq", "whoami", "uname");

    /**
     * Variables whose value decides which program runs or makes a program run code: the search path, start-up files
     * of shells and interpreters, the dynamic loader, word splitting, git's own settings, pagers and editors.
     */
    static final Pattern CODE_VARIABLES = Pattern.compile("PATH|IFS|BASH_ENV|ENV|PS[0-4]|PROMPT_COMMAND|SHELLOPTS"
            + "|BASHOPTS|CDPATH|GLOBIGNORE|HOME|BASH_.*|LD_.*|DYLD_.*|GIT_.*|.*PAGER|EDITOR|VISUAL|LESS.*|PYTHON.*"
            + "|NODE_.*|NPM_CONFIG_.*|PERL.*|RUBY.*|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|.*_OPTS"
            + "|.*_OPTIONS|RIPGREP_CONFIG_PATH|SHELL|TMPDIR|XDG_CONFIG_HOME|ZDOTDIR|INPUTRC|TERMINFO|GCONV_PATH"
            + "|LOCPATH|MAGIC|GREP_OPTIONS|SED|AWKPATH|AWKLIBPATH", Pattern.CASE_INSENSITIVE);

    /** Sub-commands that install, publish or reach a registry, per package tool; others run project scripts. */
    static final Map<String, Set<String>> RISKY_SUBCOMMANDS = Map.ofEntries(
            Map.entry("npm", Set.of("install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal",
                    "add", "ci", "clean-install", "install-test", "it", "install-ci-test", "cit", "uninstall", "un",
                    "unlink", "remove", "rm", "r", "update", "up", "upgrade", "udpate", "publish", "unpublish",
                    "deprecate", "dist-tag", "link", "ln", "exec", "x", "init", "create", "innit", "audit",
                    "outdated", "view", "info", "show", "v", "search", "s", "se", "find", "login", "adduser",
                    "logout", "owner", "access", "team", "token", "org", "profile", "hook", "star", "unstar",
                    "dedupe", "ddp", "prune", "rebuild", "cache", "doctor", "ping", "fund", "repo", "docs", "bugs",
                    "home", "edit", "explore")),
            Map.entry("pnpm", Set.of("install", "i", "add", "remove", "rm", "un", "uninstall", "update", "up",
                    "upgrade", "dlx", "exec", "publish", "link", "ln", "unlink", "import", "fetch", "store", "setup",
                    "env", "create", "audit", "outdated", "prune", "rebuild", "self-update")),
            Map.entry("yarn", Set.of("add", "install", "remove", "upgrade", "up", "publish", "dlx", "global", "link",
                    "unlink", "npm", "set", "plugin", "import", "create", "audit", "outdated", "cache", "login",
                    "logout", "info")),
            Map.entry("bun", Set.of("install", "i", "add", "a", "remove", "rm", "update", "upgrade", "x", "link",
                    "unlink", "pm", "publish", "create", "init")),
            Map.entry("pip", Set.of("install", "uninstall", "download", "wheel", "index", "search", "cache")),
            Map.entry("gem", Set.of("install", "uninstall", "update", "push", "yank", "sources", "owner", "fetch",
                    "cleanup")),
            Map.entry("bundle", Set.of("install", "update", "add", "remove", "exec", "package", "cache")),
            Map.entry("cargo", Set.of("install", "uninstall", "publish", "login", "logout", "owner", "yank", "add",
                    "remove", "update", "fetch", "search", "vendor")),
            Map.entry("go", Set.of("install", "get")),
            Map.entry("composer", Set.of("install", "require", "update", "upgrade", "remove", "create-project",
                    "global", "self-update")),
            Map.entry("poetry", Set.of("add", "install", "update", "remove", "publish", "self", "lock", "sync")),
            Map.entry("uv", Set.of("pip", "add", "remove", "sync", "tool", "python", "lock", "publish", "self")),
            Map.entry("conda", Set.of("install", "create", "remove", "uninstall", "update", "upgrade", "env", "clean")),
            Map.entry("mamba", Set.of("install", "create", "remove", "uninstall", "update", "upgrade", "env", "clean")),
            Map.entry("brew", Set.of("install", "uninstall", "remove", "rm", "reinstall", "upgrade", "update", "tap",
                    "untap", "cleanup", "link", "unlink", "services", "autoremove", "bundle")),
            Map.entry("dotnet", Set.of("add", "remove", "tool", "nuget", "workload", "new", "restore", "publish")));

    /** Sub-commands that only look, for tools whose every other sub-command changes something. */
    static final Map<String, Set<String>> HARMLESS_SUBCOMMANDS = Map.ofEntries(
            Map.entry("docker", Set.of("ps", "images", "version", "info", "inspect", "logs", "history", "diff",
                    "port", "top", "search")),
            Map.entry("podman", Set.of("ps", "images", "version", "info", "inspect", "logs", "history", "diff",
                    "port", "top")),
            Map.entry("kubectl", Set.of("get", "describe", "logs", "version", "explain", "api-resources",
                    "api-versions", "cluster-info", "top", "diff")),
            Map.entry("helm", Set.of("list", "ls", "status", "get", "history", "template", "lint", "show", "version",
                    "env")),
            Map.entry("terraform", Set.of("plan", "validate", "fmt", "show", "output", "version", "providers",
                    "graph")),
            Map.entry("tofu", Set.of("plan", "validate", "fmt", "show", "output", "version", "providers", "graph")));
}
