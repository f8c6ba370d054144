//! `parsheet analyze <game> <wager>`: the PAR sheet of one wager under one paytable.

use parsheet_paytable::{analyze, fraction, Analysis, Decimal};
use parsheet_tables::{GameTables, PaytableEntry};
use serde_json::json;

use crate::{Format, TablesArg};

/// Which wager, paytable and rule reading a command works on.
#[derive(clap::Args)]
pub struct WagerArgs {
    /// Game id, e.g. high-card-flush.
    pub game: String,
    /// Wager id, e.g. flush-bonus.
    pub wager: String,
    /// Paytable id as the regulation labels it (A, DJWT-04, 1, ...). Needed when there are several.
    #[arg(long)]
    pub paytable: Option<String>,
    /// A named rule reading, where the wager has several (see `parsheet list`).
    #[arg(long)]
    pub variant: Option<String>,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: WagerArgs,
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Face Up Pai Gow's main game: solve it against this house way (a name from house-ways/ or
    /// a JSON file). Without it the long full-deck solve is not started. Saigon 5 Card: the
    /// dealer's setting, as `--variant house-<WAY>`.
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    #[command(flatten)]
    pays: crate::pays::PaysArg,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub run: crate::store::RunArgs,
}

/// Whether `--shard` applies: the wager's counts, or its main game, split into shards.
pub fn sharding(args: &Args) -> Result<(), String> {
    let (game, wager) = (&args.target.game, &args.target.wager);
    let splits = match parsheet_games::lookup(game, wager)? {
        parsheet_games::Model::Counted(w) => w.shards(),
        parsheet_games::Model::Main(g) if g.needs_house_way() && args.house_way.is_none() => return Err(crate::main_game::not_computed_yet(g)),
        parsheet_games::Model::Main(g) => crate::store::splits_main_game(g.game),
    };
    if splits {
        Ok(())
    } else {
        Err(format!("--shard: {game} {wager} takes seconds on one machine and does not split; {}", crate::store::splitting()))
    }
}

/// Finds the paytable entry for `game wager [--paytable]`, with errors that list the choices.
pub fn select<'a>(games: &'a [GameTables], game: &str, wager: &str, paytable: Option<&str>) -> Result<&'a PaytableEntry, String> {
    let g = games.iter().find(|g| g.game == game).ok_or_else(|| {
        let ids: Vec<&str> = games.iter().map(|g| g.game.as_str()).collect();
        format!("no tables for game {game:?}; games: {}", ids.join(", "))
    })?;
    let w = g.wagers.iter().find(|w| w.id == wager).ok_or_else(|| {
        let ids: Vec<&str> = g.wagers.iter().map(|w| w.id.as_str()).collect();
        format!("no wager {wager:?} in {}; wagers: {}", g.file, ids.join(", "))
    })?;
    let ids: Vec<&str> = w.paytables.iter().map(|p| p.table.id.as_str()).collect();
    if ids.is_empty() {
        return Err(format!("{game} {wager} has no approved paytable in {}; supply one with --tables DIR", g.file));
    }
    match paytable {
        Some(id) => w.paytables.iter().find(|p| p.table.id == id).ok_or_else(|| format!("no paytable {id:?} for {game} {wager}; paytables: {}", ids.join(", "))),
        None if ids.len() == 1 => Ok(&w.paytables[0]),
        None => Err(format!("{game} {wager} has several paytables; choose one with --paytable ({})", ids.join(", "))),
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let wager = match parsheet_games::lookup(&args.target.game, &args.target.wager)? {
        parsheet_games::Model::Main(g) => return main_game(&args, g),
        parsheet_games::Model::Counted(w) => w,
    };
    if let Some(w) = &args.house_way {
        return Err(format!("--house-way {w:?}: the dealer's setting belongs to the main game; try `parsheet analyze {} base --house-way {w}`", args.target.game));
    }
    let mut games = args.tables.load()?;
    let paytable = crate::pays::apply(&mut games, &args.target.game, &args.target.wager, &args.pays, args.target.paytable.as_deref())?;
    let entry = select(&games, &args.target.game, &args.target.wager, paytable.as_deref())?;
    if crate::progressive::needs_model(entry) {
        if args.pays.pays.is_some() {
            // The model reads its tables itself; a typed table would be passed over silently.
            return Err(format!(
                "--pays: paytable {} of {} {} pays from a meter, in dollars or with Envy, whose model reads paytables from files only: write the table to a file of the tables/ format and give its directory with --tables DIR",
                entry.table.id, args.target.game, args.target.wager
            ));
        }
        // Meter, dollar or Envy pays: the progressive model answers, with its default assumptions.
        return crate::progressive::analyze(&args.target, &args.tables, args.format);
    }
    let variant = entry.reading(args.target.variant.as_deref(), wager);
    let counts = wager.count(variant)?;
    let a = analyze(&counts, &entry.table).map_err(|e| format!("{} {} paytable {}: {e}", args.target.game, args.target.wager, entry.table.id))?;
    let ctx = Context { game: &args.target.game, wager: &args.target.wager, paytable: &entry.table.id, variant, changed: &entry.changed };
    let out = match args.format {
        Format::Json => format!("{}\n", to_json(&ctx, &a)),
        Format::Table => to_text(&ctx, &a, false),
        Format::Md => to_text(&ctx, &a, true),
        Format::Csv => to_csv(&ctx, &a),
    };
    print!("{out}");
    Ok(())
}

/// `analyze <game> base`: the main game's outcomes as net results per Ante under its optimal
/// strategy.
fn main_game(args: &Args, g: &'static parsheet_games::strategy::StrategyGame) -> Result<(), String> {
    let mut games = args.tables.load()?;
    // A one-off table for the pay table the main game reads (DJ Wild's Blind, Heads-Up's Odds).
    let paytable = if args.pays.pays.is_some() && !g.needs_paytable() {
        return Err(format!("--pays: the {} main game has no paytable to type (its pays are fixed by the rules)", g.game));
    } else {
        crate::pays::apply(&mut games, g.game, g.wager, &args.pays, args.target.paytable.as_deref())?
    };
    let (variant, house_way) = crate::house_way(g.game, args.target.variant.as_deref(), args.house_way.as_deref())?;
    let x = crate::main_game::solve(&games, g, variant.as_deref(), paytable.as_deref(), None, house_way)?;
    let out = match args.format {
        Format::Json => format!("{}\n", crate::main_game::analysis_json(&x)),
        Format::Table => crate::main_game::analysis_text(&x, false),
        Format::Md => crate::main_game::analysis_text(&x, true),
        Format::Csv => crate::main_game::analysis_csv(&x),
    };
    print!("{out}");
    Ok(())
}

pub struct Context<'a> {
    pub game: &'a str,
    pub wager: &'a str,
    pub paytable: &'a str,
    pub variant: Option<&'a str>,
    /// The lines `--pays` changed in the paytable it started from.
    pub changed: &'a [parsheet_tables::ChangedLine],
}

fn pays(r: &parsheet_paytable::Row) -> String {
    r.pay.as_ref().map_or_else(|| "loses".to_string(), |p| p.to_string())
}

pub fn to_json(ctx: &Context, a: &Analysis) -> serde_json::Value {
    let mut v = json!({
        "game": ctx.game,
        "wager": ctx.wager,
        "paytable": ctx.paytable,
        "variant": ctx.variant,
        "cycle": a.cycle.to_string(),
        "house_edge": fraction(&a.house_edge),
        "house_edge_percent": Decimal(&a.house_edge).percent(6),
        "payback": fraction(&a.payback),
        "payback_percent": Decimal(&a.payback).percent(6),
        "hit_frequency": fraction(&a.hit_frequency),
        "variance": fraction(&a.variance),
        "standard_deviation": format!("{:.6}", a.standard_deviation()),
        "outcomes": a.rows.iter().map(|r| json!({
            "outcome": r.outcome,
            "pays": pays(r),
            "combinations": r.combinations.to_string(),
            "probability": fraction(&r.probability),
            "return": fraction(&r.contribution),
        })).collect::<Vec<_>>(),
    });
    // Only where --pays changed lines of a paytable (docs/JSON.md).
    if !ctx.changed.is_empty() {
        v["changed_lines"] = crate::pays::changed_json(ctx.changed);
    }
    v
}

fn to_csv(ctx: &Context, a: &Analysis) -> String {
    let mut out = String::from("outcome,pays,combinations,probability,return,probability_decimal,return_decimal");
    let changed = changed_columns(ctx.paytable, ctx.changed);
    out += if changed.is_empty() { "\n" } else { ",paytable,changed_lines\n" };
    for r in &a.rows {
        out += &format!(
            "{},{},{},{},{},{},{}{changed}\n",
            r.outcome,
            pays(r),
            r.combinations,
            fraction(&r.probability),
            fraction(&r.contribution),
            Decimal(&r.probability).with_places(12),
            Decimal(&r.contribution).with_places(12)
        );
    }
    out
}

/// The two columns a CSV of a table changed by `--pays` ends its rows with (paytable, changed
/// lines), each row alike; nothing for a table as read.
pub fn changed_columns(paytable: &str, changed: &[parsheet_tables::ChangedLine]) -> String {
    if changed.is_empty() {
        return String::new();
    }
    let quoted = |t: &str| if t.contains([',', '"', '\n']) { format!("\"{}\"", t.replace('"', "\"\"")) } else { t.to_string() };
    format!(",{},{}", quoted(paytable), quoted(&crate::pays::listed(changed)))
}

pub fn to_text(ctx: &Context, a: &Analysis, markdown: bool) -> String {
    let mut out = String::new();
    let variant = ctx.variant.map(|v| format!(", reading {v}")).unwrap_or_default();
    let changed = crate::pays::changed_text(ctx.paytable, ctx.changed).map(|c| format!("{c}\n\n")).unwrap_or_default();
    if markdown {
        out += &format!("### {} {} — paytable {}{variant}\n\n{changed}", ctx.game, ctx.wager, ctx.paytable);
        out += "| outcome | pays | combinations | probability | return |\n|---|---|--:|--:|--:|\n";
    } else {
        out += &format!("{} {} — paytable {}{variant}\n\n{changed}", ctx.game, ctx.wager, ctx.paytable);
    }
    let w = a.rows.iter().map(|r| r.outcome.len()).max().unwrap_or(7).max(7);
    if !markdown {
        out += &format!("{:<w$}  {:>14}  {:>16}  {:>12}  {:>12}\n", "outcome", "pays", "combinations", "probability", "return");
    }
    for r in &a.rows {
        let (p, ret) = (Decimal(&r.probability).with_places(10), Decimal(&r.contribution).with_places(10));
        if markdown {
            out += &format!("| {} | {} | {} | {p} | {ret} |\n", r.outcome, pays(r), r.combinations);
        } else {
            out += &format!("{:<w$}  {:>14}  {:>16}  {p:>12}  {ret:>12}\n", r.outcome, pays(r), r.combinations);
        }
    }
    let summary = [
        ("cycle", a.cycle.to_string()),
        ("house edge", format!("{}% = {}", Decimal(&a.house_edge).percent(6), fraction(&a.house_edge))),
        ("payback", format!("{}%", Decimal(&a.payback).percent(6))),
        ("hit frequency", format!("{}%", Decimal(&a.hit_frequency).percent(6))),
        ("standard deviation", format!("{:.6}", a.standard_deviation())),
    ];
    out += "\n";
    for (k, v) in summary {
        out += &if markdown { format!("- {k}: {v}\n") } else { format!("{k:>18}: {v}\n") };
    }
    out
}
