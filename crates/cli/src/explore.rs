//! `parsheet explore <game> <wager>`: paytable design (`parsheet_app::explore`), with `--write`
//! the best or solved paytable as a table file.

use parsheet_app::explore::{RankBy, Request, DEFAULT_NODES};

use crate::analyze::WagerArgs;
use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: WagerArgs,
    /// Solve for the pay that gives this house edge, e.g. 5% (on --line, or on every line).
    #[arg(long, value_name = "PERCENT")]
    target_edge: Option<String>,
    /// The line to solve for (an outcome id).
    #[arg(long)]
    line: Option<String>,
    /// Search whole-number paytables with house edge in LOW..HIGH, e.g. 2%..6%.
    #[arg(long, value_name = "LOW..HIGH")]
    search: Option<String>,
    /// Bounds for the search, OUTCOME=MIN..MAX, one per line (default: each whole-number line
    /// of the starting paytable from 1 to twice its pay; give OUTCOME=0..N to let a line push).
    /// Lines without a bound keep their pay.
    #[arg(long = "bound", value_name = "OUTCOME=MIN..MAX")]
    bounds: Vec<String>,
    /// Allow pays to increase down the paytable (by default a lower hand never pays more).
    #[arg(long)]
    any_order: bool,
    /// Rank search results by closeness to the middle of the range (default), highest hit
    /// frequency, or lowest volatility.
    #[arg(long, value_enum, default_value = "closeness")]
    rank_by: Rank,
    /// How many search results to show (at most 1000).
    #[arg(long, default_value_t = 10)]
    limit: usize,
    /// The most nodes the search visits before it stops and reports the best found so far.
    #[arg(long, default_value_t = DEFAULT_NODES, value_name = "N")]
    max_nodes: u64,
    /// Write the best search result (or the solved table, with --line) to FILE in the tables/
    /// format, to read with --tables FILE or --with-tables FILE (beside the built-in tables). The
    /// paytable's id is FILE's name without .json (when it is a valid id). Prints the lines
    /// written and the edge they give. An existing FILE is kept unless --force.
    #[arg(long, value_name = "FILE")]
    write: Option<std::path::PathBuf>,
    /// Replace the --write FILE (or, with --shard, the --out FILE) if it exists.
    #[arg(long)]
    pub force: bool,
    /// table or json (csv and md are refused: the result is several lists).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[crate::Format::Table, crate::Format::Json]))]
    format: crate::Format,
    #[command(flatten)]
    pays: crate::analyze::PaysArg,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub shard: crate::store::ShardArgs,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Rank {
    Closeness,
    HitFrequency,
    Volatility,
}

/// Whether `--shard` applies: a search splits (its shards merge by ranking); nothing else here.
pub fn sharding(args: &Args) -> Result<(), String> {
    if args.search.is_none() {
        return Err(format!("--shard: of explore, only --search splits; {}", crate::store::splitting()));
    }
    if args.write.is_some() {
        return Err("--shard writes a shard file; --write the best table after `parsheet merge`".into());
    }
    Ok(())
}

/// The id a written table gets: the file's name without `.json`, where that is an id (letters,
/// digits, `-`, `_`); else the default (`C-explored`, `C-solved`).
fn write_id(path: &std::path::Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    (!stem.is_empty() && stem.len() <= 64 && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')).then(|| stem.to_string())
}

pub fn run(args: Args) -> Result<(), String> {
    crate::Format::offer("explore", args.format, &[crate::Format::Table, crate::Format::Json])?;
    if let Some(path) = &args.write {
        crate::output::check_file_target(path, args.force)?;
    }
    let req = Request {
        game: args.target.game.clone(),
        wager: args.target.wager.clone(),
        paytable: args.target.paytable.clone(),
        variant: args.target.variant.clone(),
        pays: args.pays.pays.clone(),
        target_edge: args.target_edge.clone(),
        line: args.line.clone(),
        search: args.search.clone(),
        bounds: args.bounds.clone(),
        any_order: args.any_order,
        rank_by: match args.rank_by {
            Rank::Closeness => RankBy::Closeness,
            Rank::HitFrequency => RankBy::HitFrequency,
            Rank::Volatility => RankBy::Volatility,
        },
        limit: args.limit,
        max_nodes: args.max_nodes,
        write: args.write.is_some(),
        write_id: args.write.as_deref().and_then(write_id),
    };
    let mut x = parsheet_app::explore::explore(args.tables.load()?, &req)?;
    if let (Some(path), Some((id, text))) = (&args.write, &x.file) {
        crate::output::write_file(path, text, args.force)?;
        x.text += &format!("wrote paytable {id} to {}\n", path.display());
        x.doc.insert("wrote".into(), serde_json::json!({"paytable": id, "file": path.display().to_string()}));
    }
    crate::print(if args.format == crate::Format::Json { crate::json(&x.doc) } else { x.text })
}
