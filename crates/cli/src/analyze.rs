//! `parsheet analyze <game> <wager>`: the PAR sheet of one wager under one paytable
//! (`parsheet_app::wager`), or of a main game under its optimal strategy
//! (`parsheet_app::main_game`).

use parsheet_app::progressive::Assume;
use parsheet_report::terminal;

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

/// `--pays`: a one-off paytable.
#[derive(clap::Args, Clone, Default)]
pub struct PaysArg {
    /// A one-off paytable, OUTCOME=PAY items separated by commas, e.g. "7-card-flush=300 to
    /// 1,6-card-flush=100 to 1,5-card-flush=loses,4-card-flush=loses": every outcome of the
    /// wager (paytable "custom"); with --paytable ID, only the lines to change (paytable
    /// "ID+pays"). Checked as a table file is.
    #[arg(long, value_name = "OUTCOME=PAY,...")]
    pub pays: Option<String>,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub target: WagerArgs,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Face Up Pai Gow's main game: the house way its dealer sets by (a name from house-ways/ or
    /// a JSON file; default foxwoods). Saigon 5 Card: the dealer's setting, highest-point or
    /// lowest-point.
    #[arg(long, value_name = "NAME|FILE")]
    pub house_way: Option<String>,
    #[command(flatten)]
    pub pays: PaysArg,
    #[command(flatten)]
    pub tables: TablesArg,
    #[command(flatten)]
    pub run: crate::store::RunArgs,
}

/// Whether `--shard` applies: the wager's counts, or its main game, split into shards.
pub fn sharding(args: &Args) -> Result<(), String> {
    let (game, wager) = (&args.target.game, &args.target.wager);
    let splits = match parsheet_games::lookup(game, wager)? {
        parsheet_games::Model::Counted(w) => w.shards(),
        parsheet_games::Model::Main(g) => crate::store::splits_main_game(g.game),
    };
    if splits {
        Ok(())
    } else {
        Err(format!("--shard: {game} {wager} takes seconds on one machine and does not split; {}", crate::store::splitting()))
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let mut tables = args.tables.tables()?;
    let t = &args.target;
    if let parsheet_games::Model::Main(g) = parsheet_games::lookup(&t.game, &t.wager)? {
        if args.pays.pays.is_some() && !g.needs_paytable() {
            return Err(format!("--pays: the {} main game has no paytable to type (its pays are fixed by the rules)", g.game));
        }
        // A one-off table for the pay table the main game reads (DJ Wild's Blind, Heads-Up's Odds).
        let paytable = tables.with_pays(g.game, g.wager, args.pays.pays.as_deref(), t.paytable.as_deref())?;
        let (variant, way) = parsheet_app::inputs::house_way(g.game, t.variant.as_deref(), args.house_way.as_deref())?;
        let way = if g.needs_house_way() { Some(parsheet_app::main_game::house_way_choice(way, &tables.games)?) } else { None };
        let x = parsheet_app::main_game::solve(&tables.games, g, variant.as_deref(), paytable.as_deref(), None, way.as_ref())?;
        let a = parsheet_app::main_game::analysis(&x);
        // Face Up Pai Gow without --variant: the other policy beside the default one (both come
        // from one count); `--variant` or `strategy face-up-pai-gow` gives either in full.
        let other = match (&way, variant.as_deref()) {
            (Some(w), None) if g.needs_house_way() => {
                let p = parsheet_app::main_game::face_up_pai_gow_policies(parsheet_games::strategy::face_up_pai_gow::Deck::FULL, "53 cards", w, None)?;
                p.policies.into_iter().filter(|o| o.reading != a.reading).collect()
            }
            _ => Vec::new(),
        };
        let text = |markdown: bool| {
            let mut out = terminal::main_text(&a, markdown);
            for o in &other {
                out += &terminal::other_policy_line(o, markdown);
            }
            out
        };
        return crate::print(match args.format {
            Format::Json => crate::json(&a),
            Format::Table => text(false),
            Format::Md => text(true),
            Format::Csv => terminal::main_csv(&a),
        });
    }
    if let Some(w) = &args.house_way {
        return Err(format!("--house-way {w:?}: the dealer's setting belongs to the main game; try `parsheet analyze {} base --house-way {w}`", t.game));
    }
    let paytable = tables.with_pays(&t.game, &t.wager, args.pays.pays.as_deref(), t.paytable.as_deref())?;
    let a = parsheet_app::wager::analyze(&tables.games, &t.game, &t.wager, paytable.as_deref(), t.variant.as_deref(), &Assume::default())?;
    // A defined wager's oddities, as the designer page shows them: warnings, not refusals.
    if let (Ok(known), Ok(w)) = (parsheet_games::find(&t.game, &t.wager), parsheet_app::inputs::select_wager(&tables.games, &t.game, &t.wager)) {
        if known.definition().is_some() {
            let counted: Vec<(String, u128)> = a.outcomes.iter().map(|o| (o.outcome.clone(), o.combinations.0)).collect();
            for warning in parsheet_app::design::definition_warnings(w, known, &counted) {
                eprintln!("parsheet: warning: {} {}: {warning}", t.game, t.wager);
            }
        }
    }
    crate::print(match args.format {
        Format::Json => crate::json(&a),
        Format::Table => terminal::wager_text(&a, false),
        Format::Md => terminal::wager_text(&a, true),
        Format::Csv => terminal::wager_csv(&a),
    })
}
