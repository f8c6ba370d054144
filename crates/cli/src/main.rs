//! `parsheet`: the command line over the parsheet crates.
//!
//! Each subcommand parses its arguments with clap, calls into the math crates (which do no I/O),
//! and renders the result as a table for people or JSON for programs. Numbers that are exact
//! (counts, totals) are printed as integers, in JSON as strings so that no reader rounds them.
//! Long computations draw a progress bar on standard error when it is a terminal.

mod analyze;
mod explain;
mod explore;
mod frequencies;
mod list;
mod output;
mod progress;
mod progressive;
mod report;
mod serve;
mod simulate;
mod store;
mod strategy;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "parsheet", version, about = "Exact mathematics of casino table games")]
struct Cli {
    /// Say more on stderr: where counts came from (the results cache).
    #[arg(short, long, global = true)]
    verbose: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count every hand of a deck by category: the frequency table a PAR sheet opens with.
    Frequencies(frequencies::Args),
    /// List games, wagers, paytables and the regulator's published figures.
    List(list::Args),
    /// Exact house edge of one wager under one paytable, outcome by outcome.
    Analyze(analyze::Args),
    /// Every published figure beside the computed one.
    Verify(verify::Args),
    /// For each published figure that does not reproduce, the one-line paytable changes that
    /// would reproduce it.
    Explain(explain::Args),
    /// Paytable design: sensitivity, solving a line for a target edge, searching paytables.
    Explore(explore::Args),
    /// The hold report: PAR sheets for every game, wager and paytable (HTML, Markdown, CSV, JSON).
    Report(report::Args),
    /// A seeded Monte Carlo simulation of one wager beside its exact house edge.
    Simulate(simulate::Args),
    /// The optimal strategy of a main game and the exact house edge under it.
    Strategy(strategy::Args),
    /// A progressive (meter) wager: payback at a meter, break-even meter, long run, Envy.
    Progressive(progressive::Args),
    /// The paytable designer: a web page on this machine (127.0.0.1 only, with a token) where a
    /// pay changed shows the exact edge at once (docs/SERVE.md).
    Serve(serve::Args),
    /// Adds up the shard files of one sharded run (`--shard K/N --out FILE`) and prints what the
    /// unsharded command prints; the merged counts go to the cache.
    Merge(store::MergeArgs),
    /// Prints the path of the key that signs count files (shards, the cache), creating it if
    /// there is none; a cluster's nodes share this file (docs/SECURITY.md).
    Key(store::KeyArgs),
}

/// Where paytables come from.
#[derive(clap::Args, Clone)]
pub struct TablesArg {
    /// A table file, or a directory of them, instead of the built-in tables.
    #[arg(long, value_name = "FILE|DIR")]
    tables: Option<std::path::PathBuf>,
    /// A table file, or a directory of them, whose tables are added to the built-in ones (or to
    /// --tables); may be repeated. A copy of a table already there is no clash; a different table
    /// under an id already taken is an error naming both files.
    #[arg(long = "with-tables", value_name = "FILE|DIR")]
    with_tables: Vec<std::path::PathBuf>,
    /// PATH=HEX: refuse to run unless the table file or directory PATH (given with --tables or
    /// --with-tables) has this SHA-256 (`tables_digest`). A shard records it for its merge,
    /// which must read the tables the shards read.
    #[arg(long = "tables-sha256", value_name = "PATH=HEX", hide = true)]
    tables_sha256: Vec<String>,
}

/// The SHA-256 of a table file, or of a directory's table files (`*.json`, not hidden, by name:
/// each name's length and bytes, then the file's length and bytes), as hex.
pub fn tables_digest(path: &std::path::Path) -> Result<String, String> {
    use sha2::{Digest, Sha256};
    let read = |p: &std::path::Path| parsheet_json::read::read(p, parsheet_json::read::TABLES).map(|x| x.0).map_err(|e| format!("{}: {e}", p.display()));
    let mut h = Sha256::new();
    if path.is_dir() {
        let mut names: Vec<String> = std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|n| n.ends_with(".json") && !n.starts_with('.'))
            .collect();
        names.sort();
        for n in names {
            let bytes = read(&path.join(&n))?;
            h.update((n.len() as u64).to_le_bytes());
            h.update(n.as_bytes());
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(&bytes);
        }
    } else {
        h.update(read(path)?);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

impl TablesArg {
    /// Where the tables come from, for reports.
    pub fn source(&self) -> String {
        let base = self.tables.as_ref().map_or("built-in tables/ of parsheet".to_string(), |d| d.display().to_string());
        let added: Vec<String> = self.with_tables.iter().map(|d| d.display().to_string()).collect();
        if added.is_empty() {
            base
        } else {
            format!("{base} with {}", added.join(", "))
        }
    }

    /// The tables, with the files passed over noted on stderr.
    pub fn load(&self) -> Result<Vec<parsheet_tables::GameTables>, String> {
        for expected in &self.tables_sha256 {
            let (path, hex) = expected.rsplit_once('=').ok_or_else(|| format!("--tables-sha256 {expected:?}: write PATH=HEX"))?;
            let now = tables_digest(std::path::Path::new(path))?;
            if now != hex {
                return Err(format!(
                    "the tables {path} have changed since the shards were counted (SHA-256 {}… then, {}… now): merge where the shards' table files are as they were",
                    &hex[..12.min(hex.len())],
                    &now[..12]
                ));
            }
        }
        let e = |e: parsheet_tables::TableError| e.to_string();
        let mut set = match &self.tables {
            Some(path) => {
                let mut set = parsheet_tables::TableSet::default();
                set.add_path(path).map_err(e)?;
                set
            }
            None => parsheet_tables::TableSet::new(parsheet_tables::builtin().map_err(e)?).map_err(e)?,
        };
        for path in &self.with_tables {
            set.add_path(path).map_err(e)?;
        }
        for note in std::mem::take(&mut set.notes) {
            eprintln!("parsheet: note: {}", parsheet_tables::printable(&note));
        }
        Ok(set.games())
    }

    /// The tables as the application layer takes them, with their source.
    pub fn tables(&self) -> Result<parsheet_app::inputs::Tables, String> {
        Ok(parsheet_app::inputs::Tables { games: self.load()?, source: self.source() })
    }
}

/// How to print a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned text table.
    Table,
    /// JSON on one line per document; exact integers as strings.
    Json,
    /// Comma-separated values, one row per outcome.
    Csv,
    /// A Markdown table.
    Md,
}

/// The formats a command prints, as its `--format` parser: its help lists only these, and
/// another is refused with the message of [`Format::offer`].
#[derive(Clone)]
pub struct Formats(pub &'static [Format]);

impl clap::builder::TypedValueParser for Formats {
    type Value = Format;

    fn parse_ref(&self, cmd: &clap::Command, _arg: Option<&clap::Arg>, value: &std::ffi::OsStr) -> Result<Format, clap::Error> {
        let text = value.to_string_lossy();
        let refuse = |m: String| clap::Error::raw(clap::error::ErrorKind::InvalidValue, m + "\n");
        let Some(format) = <Format as ValueEnum>::from_str(&text, false).ok() else {
            let names: Vec<&str> = self.0.iter().map(|f| f.name()).collect();
            return Err(refuse(format!("--format {}: not a format; {} prints {}", parsheet_tables::printable(&text), cmd.get_name(), names.join(", "))));
        };
        Format::offer(cmd.get_name(), format, self.0).map(|()| format).map_err(refuse)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().filter_map(|f| f.to_possible_value())))
    }
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Md => "md",
        }
    }

    /// Refuses a format `command` does not print, naming those it does.
    pub fn offer(command: &str, format: Format, valid: &[Format]) -> Result<(), String> {
        if valid.contains(&format) {
            return Ok(());
        }
        let names: Vec<&str> = valid.iter().map(|f| f.name()).collect();
        let names = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        };
        Err(format!("{command} prints --format {names}, not {}", format.name()))
    }
}

/// Prints a command's output; a failed write to stdout is an error (a closed pipe is not).
pub fn print(text: String) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(String::new()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// The provenance of this run: the build (`build.rs`), the files read, the command line, and
/// the date: `SOURCE_DATE_EPOCH` where set (reproducible builds' convention, so that two runs
/// can be compared byte for byte), else now.
pub fn provenance(games: &[parsheet_tables::GameTables], house_way: Option<&parsheet_app::main_game::HouseWayChoice>, epoch: i64) -> Result<parsheet_app::provenance::Provenance, String> {
    let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    let commit = Some(env!("PARSHEET_COMMIT")).filter(|c| !c.is_empty());
    parsheet_app::provenance::Provenance::new(parsheet_app::provenance::Program { build: store::BUILD, commit }, games, house_way, &args, epoch)
}

/// The date of this run in seconds since 1970 UTC: `SOURCE_DATE_EPOCH` where set, else now.
/// Read before anything is computed, so a bad value fails at once.
pub fn source_date() -> Result<i64, String> {
    Ok(match std::env::var_os("SOURCE_DATE_EPOCH") {
        Some(v) => v
            .to_str()
            .and_then(|v| v.trim().parse::<i64>().ok())
            .filter(|v| (0..=253_402_300_799).contains(v))
            .ok_or_else(|| format!("SOURCE_DATE_EPOCH={:?}: give whole seconds since 1970-01-01 UTC (or unset it)", v.to_string_lossy()))?,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| format!("the system clock is before 1970: {e}"))?.as_secs() as i64,
    })
}

/// A record as `--format json` prints it: one document on one line.
pub fn json<T: serde::Serialize>(record: &T) -> String {
    serde_json::to_string(record).expect("records serialize") + "\n"
}

/// Runs one command with the store of counts it asks for: a cache, or one shard of a run.
fn run(command: Command) -> Result<(), String> {
    use store::Target;
    match command {
        Command::Frequencies(args) => frequencies::run(args),
        Command::List(args) => list::run(args),
        Command::Analyze(args) => {
            store::install_for(&args.run.shard, &args.run.cache, Target::Counts, args.run.force, analyze::sharding(&args))?;
            analyze::run(args)
        }
        Command::Verify(args) => {
            store::install(&args.cache)?;
            verify::run(args)
        }
        Command::Explain(args) => {
            store::install(&args.cache)?;
            explain::run(args)
        }
        Command::Explore(args) => {
            store::install_for(&args.shard, &args.cache, Target::Search, args.force, explore::sharding(&args))?;
            explore::run(args)
        }
        Command::Report(args) => {
            store::install(&args.cache)?;
            report::run(args)
        }
        Command::Simulate(args) => {
            store::install(&args.cache)?;
            simulate::run(args)
        }
        Command::Strategy(args) => {
            store::install_for(&args.run.shard, &args.run.cache, Target::Counts, args.run.force, strategy::sharding(&args))?;
            strategy::run(args)
        }
        Command::Progressive(args) => progressive::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Merge(_) | Command::Key(_) => Err("a merge runs the shards' own command, not another merge".into()),
    }
}

fn main() -> ExitCode {
    // `println!` panics when stdout cannot be written. A reader that stops early (`parsheet
    // strategy dj-wild | head`) closes it: that is the reader's choice, not a fault, so leave
    // quietly, as a SIGPIPE would. Any other failure (a full disk, `>/dev/full`) is an error to
    // report, not a crash.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload().downcast_ref::<String>().map_or("", String::as_str);
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            if reason.contains("Broken pipe") {
                std::process::exit(141);
            }
            eprintln!("parsheet: cannot write the output: {reason}");
            std::process::exit(1);
        }
        if message.starts_with("failed printing to stderr") {
            std::process::exit(1);
        }
        default_hook(info);
    }));
    let cli = Cli::parse();
    // The designer server watches progress itself: it goes to the page's job states, and the
    // process has one watcher.
    if !matches!(cli.command, Command::Serve(_)) {
        progress::install();
    }
    store::VERBOSE.store(cli.verbose, std::sync::atomic::Ordering::Relaxed);
    let result = match cli.command {
        Command::Merge(args) => store::merge(args, &|argv| {
            let cli = Cli::try_parse_from(argv).map_err(|e| format!("the shards' command `{}` does not parse: {e}", argv[1..].join(" ")))?;
            run(cli.command)
        }),
        Command::Key(args) => store::key(args),
        command => run(command).and_then(|()| store::check_shard_written()),
    };
    // A shard run ends once its file is written.
    let result = match result {
        Err(m) if store::is_shard_written(&m) => Ok(()),
        other => other,
    };
    // What is still buffered must reach stdout too, or the run failed.
    let result = result.and_then(|()| {
        use std::io::Write;
        std::io::stdout().flush().map_err(|e| if e.kind() == std::io::ErrorKind::BrokenPipe { String::new() } else { format!("cannot write the output: {e}") })
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if message.is_empty() => ExitCode::from(141),
        Err(message) => {
            // Names from files and arguments are in the message; none may act on the terminal.
            let lines: Vec<String> = message.split('\n').map(parsheet_tables::printable).collect();
            eprintln!("parsheet: {}", lines.join("\n"));
            ExitCode::FAILURE
        }
    }
}
