//! `parsheet`: the command line over the parsheet crates.
//!
//! Each subcommand parses its arguments with clap, calls into the math crates (which do no I/O),
//! and renders the result as a table for people or JSON for programs. Numbers that are exact
//! (counts, totals) are printed as integers, in JSON as strings so that no reader rounds them.
//! Long computations draw a progress bar on standard error when it is a terminal.

mod analyze;
mod explain;
mod explore;
mod figure;
mod frequencies;
mod heads_up;
mod list;
mod main_game;
mod output;
mod pays;
mod progress;
mod progressive;
mod report;
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
    /// For each published figure that does not reproduce, the one-line changes that would.
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
    /// A directory of paytable files in the `tables/` format, instead of the built-in tables.
    #[arg(long, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
}

impl TablesArg {
    /// Where the tables come from, for reports.
    pub fn source(&self) -> String {
        self.tables.as_ref().map_or("built-in tables/ of parsheet".to_string(), |d| d.display().to_string())
    }

    pub fn load(&self) -> Result<Vec<parsheet_tables::GameTables>, String> {
        match &self.tables {
            Some(dir) => parsheet_tables::load_dir(dir),
            None => parsheet_tables::builtin(),
        }
        .map_err(|e| e.to_string())
    }
}

/// Refuses a `--max-pay` that would make the one-line search loop or allocate without end.
pub fn check_max_pay(max_pay: u64) -> Result<(), String> {
    if max_pay == 0 || max_pay > parsheet_paytable::MAX_PAY {
        return Err(format!("--max-pay {max_pay}: give a pay from 1 to {} (to 1)", parsheet_paytable::MAX_PAY));
    }
    Ok(())
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

/// The dealer's setting, one option across games: Face Up Pai Gow's house way (a name from
/// `house-ways/` or a file) and Saigon 5 Card's dealer reading `house-<WAY>` (`highest-point`,
/// `lowest-point`). Returns the reading (`variant`, or the Saigon way as one) and the Face Up Pai
/// Gow way.
pub fn house_way<'a>(game: &str, variant: Option<&str>, way: Option<&'a str>) -> Result<(Option<String>, Option<&'a str>), String> {
    let Some(w) = way else { return Ok((variant.map(str::to_string), None)) };
    match game {
        "face-up-pai-gow" => Ok((variant.map(str::to_string), Some(w))),
        "saigon-5-card" => {
            let g = parsheet_games::strategy::find_strategy(game)?;
            let ways: Vec<&str> = g.variants.iter().filter_map(|v| v.id.strip_prefix("house-")).collect();
            if !ways.contains(&w) {
                return Err(format!("--house-way {w:?}: the Saigon 5 Card dealer's ways are {}", ways.join(", ")));
            }
            match variant {
                Some(v) if v != format!("house-{w}") => Err(format!("--house-way {w} and --variant {v} name two dealer settings; give one")),
                _ => Ok((Some(format!("house-{w}")), None)),
            }
        }
        _ => Err(format!("--house-way {w:?}: the dealer of {game} sets no hands; the option is for saigon-5-card (highest-point, lowest-point) and face-up-pai-gow (a name from house-ways/ or a JSON file)")),
    }
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
        Command::Simulate(args) => simulate::run(args),
        Command::Strategy(args) => {
            store::install_for(&args.run.shard, &args.run.cache, Target::Counts, args.run.force, strategy::sharding(&args))?;
            strategy::run(args)
        }
        Command::Progressive(args) => progressive::run(args),
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
