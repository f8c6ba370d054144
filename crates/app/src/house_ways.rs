//! Face Up Pai Gow's house ways side by side, their bounds, and the edits that explain a figure.
//!
//! § 688a.11(a) leaves the dealer's setting to each casino, so the main game's edge is a function
//! of the house way. One exact count per way gives both player policies (about 18 CPU-s on the
//! full deck); the setting table (`parsheet_games::strategy::face_up_pai_gow::table`, about
//! 24 CPU-s once per deck and Ace High reading, then cached) gives the optimal player's result
//! against *any* way as a sum of lookups, and the range over every way a casino could file (the
//! dealer-best and dealer-worst ways). So the records here read:
//!
//! - every built-in way and option: the optimal player from the table (checked against the
//!   direct count in `crates/tables/tests/face_up_pai_gow.rs`; the base wager's optimal player
//!   against the default way reads the same row, `fupg::count_stored_ahead`); the house-way
//!   player, who needs a count of his own, for each way's default options and for the default
//!   way's every option (the default's counted, the others from it);
//! - the bounds, and whether the published figure lies between them;
//! - the default way against the dealer-best way, by hand shape;
//! - [`way_edits`]: every single-rule change of a way, valued from the table, with those that
//!   reproduce the published figure at its printed precision;
//! - [`way_design`]: one way and every single-rule change of it, for the designer page.

use num_rational::BigRational;
use parsheet_games::strategy::face_up_pai_gow::{self as fupg, table};
use parsheet_games::face_up_pai_gow::way_edits;
use parsheet_tables::GameTables;
use schemars::JsonSchema;
use serde::Serialize;

use crate::main_game::HouseWayChoice;
use crate::vocab::{Assumption, Basis, Count, Exact, Figure, Figures};

/// The optimal player's figures of an outcome (per unit of the one wager, the Ante).
fn figures_of(o: &table::Outcome) -> Figures {
    Figures::new(vec![Figure::of_net(Basis::PerAnte, &o.expected_net())], Basis::PerAnte)
}

/// The progress task of the full deck's setting table under `reading`.
pub fn setting_table_task(reading: fupg::AceHigh) -> String {
    format!("face-up-pai-gow setting table ({})", reading.id())
}

/// The setting table of the full deck under `reading`, through the store, once per process.
pub fn setting_table(reading: fupg::AceHigh) -> Result<std::sync::Arc<table::SettingTable>, String> {
    memo_setting_table(reading, true).map(|t| t.expect("a counted table"))
}

/// Reads the setting table [`way_design`] prices from into the process's memo where the
/// results cache holds it, so the first price asked is as quick as the next; counts nothing.
/// Whether it was there.
pub fn preload_design_table() -> Result<bool, String> {
    memo_setting_table(DESIGN_READING, false).map(|t| t.is_some())
}

/// The reading a way is priced under on the designer page (the rules as printed).
const DESIGN_READING: fupg::AceHigh = fupg::AceHigh::JokerPlaysAce;

fn memo_setting_table(reading: fupg::AceHigh, count: bool) -> Result<Option<std::sync::Arc<table::SettingTable>>, String> {
    let mut done = crate::main_game::SETTING_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = done.iter().find(|d| d.0 == reading) {
        return Ok(Some(t.clone()));
    }
    let t = if count {
        let task = crate::progress::Task::new(setting_table_task(reading), 10_000);
        let t = table::setting_table(fupg::Deck::FULL, reading, &|d, n| task.set_fraction(d, n))?;
        task.finish();
        t
    } else {
        match table::stored_setting_table(fupg::Deck::FULL, reading)? {
            Some(t) => t,
            None => return Ok(None),
        }
    };
    let t = std::sync::Arc::new(t);
    done.push((reading, t.clone()));
    Ok(Some(t))
}

/// One built-in way (with one choice of its options) under both policies.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WayRow {
    /// `id[:option=choice,...]`, as `--house-way` takes it.
    pub spec: String,
    pub title: String,
    /// Whether this is the way (and options) figures default to.
    pub default_way: bool,
    /// The optimal player (from the setting table).
    pub optimal_player: Figures,
    /// The player who sets by the way (his own count); null where not counted, with the command
    /// that counts it in `house_way_player_note`.
    pub house_way_player: Option<Figures>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_way_player_note: Option<String>,
    /// The share of dealer hands the way sets as the dealer-best way does (as well for the house).
    pub alike_with_dealer_best: Exact,
}

/// A way against the dealer-best way, for one hand shape.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ShapeRow {
    /// The hand's shape by its groups of equal rank (`two-pair`, ...), and whether a straight
    /// or flush is possible (`complete`).
    pub shape: String,
    pub straight_or_flush: bool,
    pub dealer_hands: Count,
    /// Dealer hands the way sets otherwise than the dealer-best way.
    pub set_otherwise: Count,
    /// What setting them otherwise is worth to the optimal player, per unit wagered over the
    /// whole cycle (its part of the edge difference).
    pub worth: Exact,
    /// The dealer hand of this shape where the difference is worth most: the hand, the way's
    /// low hand and the dealer-best way's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
}

/// Every built-in way side by side, and the range over every way a casino could file.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct HouseWaysAnalysis {
    pub game: String,
    pub wager: String,
    /// 53 cards.
    pub deck: String,
    pub assumptions: Vec<Assumption>,
    pub ways: Vec<WayRow>,
    /// The optimal player against the way best for the house (each dealer class set to
    /// minimise his expectation) and against the worst: every way that sets a class's hands
    /// alike gives a figure between them.
    /// The bound below: the dealer-best way over every house way that sets hands alike by ranks,
    /// joker and flush ranks (each dealer class alike), against the optimal player.
    pub dealer_best: Figures,
    pub dealer_worst: Figures,
    /// The regulator's figure for the main game, and whether it lies in that range.
    pub published: Option<String>,
    pub published_in_range: Option<bool>,
    /// The default way against the dealer-best way.
    pub compared_way: String,
    pub compared_alike: Exact,
    /// By falling worth.
    pub compared_by_shape: Vec<ShapeRow>,
}

/// The published payback of the main game, as printed ("98.404%").
fn published(games: &[GameTables]) -> Option<parsheet_tables::Percent> {
    let g = games.iter().find(|g| g.game == "face-up-pai-gow")?;
    let w = g.wagers.iter().find(|w| w.id == parsheet_games::MAIN)?;
    w.published.iter().find(|f| f.kind == parsheet_tables::FigureKind::Payback).and_then(|f| f.value.clone())
}

fn ratio(n: u128, d: u128) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// The dealer hand of an example, in words.
fn example_words(e: &table::Example) -> String {
    format!("{}: the way plays {} in front, the dealer-best way {}", e.hand, e.way_low, e.best_low)
}

/// Every built-in way with every choice of its options, `id[:option=choice,...]` (each way's
/// default options first), loaded.
pub fn builtin_ways() -> Result<Vec<(String, parsheet_games::house_way::HouseWay)>, String> {
    let mut out = Vec::new();
    for id in parsheet_tables::house_way::builtin_ids() {
        for spec in parsheet_tables::house_way::builtin_specs(&id).map_err(|e| e.to_string())? {
            let way = parsheet_tables::house_way::builtin(&spec).map_err(|e| e.to_string())?;
            out.push((spec, way));
        }
    }
    Ok(out)
}

/// The ways of the house-way table, in order: every built-in way with every choice of its
/// options, after `choice` where it is none of them (a file, or options no spec lists); each
/// with whether the house-way player's own count is made (a way's default options, and every
/// option of the chosen way).
pub fn table_ways(choice: &HouseWayChoice) -> Result<Vec<(String, parsheet_games::house_way::HouseWay, bool)>, String> {
    let default_id = choice.spec.split_once(':').map_or(choice.spec.as_str(), |x| x.0).to_string();
    let default_way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    let mut ways = builtin_ways()?;
    // Ways alike when their rules are (the id names the options chosen, or none for defaults).
    if !ways.iter().any(|(_, w)| w.rules == default_way.rules) {
        ways.insert(0, (choice.spec.clone(), default_way));
    }
    let id_of = |spec: &str| spec.split_once(':').map_or(spec, |x| x.0).to_string();
    let mut out = Vec::new();
    for (i, (spec, way)) in ways.iter().enumerate() {
        let id = id_of(spec);
        // A way's default options are its first spec (builtin_specs lists them first).
        let first_of_way = ways.iter().position(|(s, _)| id_of(s) == id) == Some(i);
        out.push((spec.clone(), way.clone(), first_of_way || id == default_id));
    }
    Ok(out)
}

/// Every built-in way under the text's Ace High reading, with `choice` (the default way or one
/// given) marked and compared with the dealer-best way.
pub fn house_ways(games: &[GameTables], choice: &HouseWayChoice) -> Result<HouseWaysAnalysis, String> {
    let reading = fupg::AceHigh::JokerPlaysAce;
    let t = setting_table(reading)?;
    let bounds = t.bounds();
    let default_way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    let table = table_ways(choice)?;
    // The other ways counted, once per rules: all at once from the default way's count.
    let mut further: Vec<(String, &parsheet_games::house_way::HouseWay)> = Vec::new();
    for (spec, way, counted) in &table {
        if *counted && way.rules != default_way.rules && !further.iter().any(|f| f.1.rules == way.rules) {
            further.push((spec.clone(), way));
        }
    }
    let specs: Vec<String> = further.iter().map(|f| f.0.clone()).collect();
    let further_counts = crate::main_game::face_up_pai_gow_further_ways(&choice.spec, &specs, reading)?;
    // Every way's setting of each dealer class, the classes' settings found once for all.
    let mut choices = t.choices(&table.iter().map(|(_, way, _)| way).collect::<Vec<_>>()).into_iter();
    let mut ways = Vec::new();
    for (spec, way, counted) in table.iter().cloned() {
        let is_default = way.rules == default_way.rules;
        let way_choice = choices.next().expect("a choice per way").map_err(|e| format!("house way {spec}: {e}"))?;
        let optimal = t.outcome_of(&way_choice);
        let (house_way_player, note) = if counted {
            // The default way's house-way player is the base wager's (counted once, its optimal
            // player this table's); the other ways' comes from it and each way's difference.
            let house_way = if is_default {
                crate::main_game::face_up_pai_gow_counts(&spec, reading)?.1.house_way
            } else {
                further_counts[further.iter().position(|f| f.1.rules == way.rules).expect("every other counted way is further")]
            };
            let net = BigRational::new((house_way[0] as i128 - house_way[2] as i128).into(), fupg::Deck::FULL.cycle().into());
            (Some(Figures::new(vec![Figure::of_net(Basis::PerAnte, &net)], Basis::PerAnte)), None)
        } else {
            (None, Some(format!("not counted here (a count of its own, about 17 CPU-s): parsheet analyze face-up-pai-gow base --house-way {spec} --variant house-way-player")))
        };
        let (alike, hands) = t.alike_with_best(&way_choice, &bounds);
        ways.push(WayRow {
            spec: spec.clone(),
            title: way.title.clone(),
            default_way: is_default,
            optimal_player: figures_of(&optimal),
            house_way_player,
            house_way_player_note: note,
            alike_with_dealer_best: Exact(ratio(alike, hands)),
        });
    }
    let cmp = t.compare_with_best(&default_way, &bounds)?;
    let compared_by_shape = cmp
        .by_shape
        .iter()
        .filter(|d| d.differ > 0)
        .map(|d| ShapeRow {
            shape: d.shape.name().to_string(),
            straight_or_flush: d.complete,
            dealer_hands: Count(d.hands),
            set_otherwise: Count(d.differ),
            worth: Exact(BigRational::new(d.worth.into(), cmp.cycle.into())),
            example: d.example.as_ref().map(example_words),
        })
        .collect();
    let published = published(games);
    let in_range = published.as_ref().map(|p| bounds.dealer_best.payback() <= p.value && p.value <= bounds.dealer_worst.payback());
    Ok(HouseWaysAnalysis {
        game: "face-up-pai-gow".into(),
        wager: parsheet_games::MAIN.into(),
        deck: "53 cards".into(),
        assumptions: vec![choice.assumption.clone(), Assumption::printed("reading", reading.id())],
        ways,
        dealer_best: figures_of(&bounds.dealer_best),
        dealer_worst: figures_of(&bounds.dealer_worst),
        published: published.map(|p| p.text),
        published_in_range: in_range,
        compared_way: choice.spec.clone(),
        compared_alike: Exact(ratio(cmp.alike, cmp.hands)),
        compared_by_shape,
    })
}

/// One single-rule change of a way, valued.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WayEdit {
    /// The change, in words naming the rule.
    pub edit: String,
    /// The optimal player's figures against the edited way; null where the edit leaves a hand
    /// unset (said in `note`).
    pub optimal_player: Option<Figures>,
    /// The share of dealer hands the edit sets otherwise.
    pub hands_touched: Option<Exact>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The edits of a way that explain the published figure, or the nearest.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WayEdits {
    pub game: String,
    pub wager: String,
    pub house_way: String,
    pub assumptions: Vec<Assumption>,
    pub published: String,
    /// The way itself.
    pub optimal_player: Figures,
    /// Single-rule edits tried, and how many leave a hand unset.
    pub edits_tried: usize,
    pub edits_unset: usize,
    /// Those whose payback prints as the published figure, fewest hands touched first.
    pub reproducing: Vec<WayEdit>,
    /// Where none does: the nearest.
    pub nearest: Vec<WayEdit>,
}

fn edit_record(e: &way_edits::Edited) -> WayEdit {
    match &e.result {
        Ok(r) => WayEdit { edit: e.description.clone(), optimal_player: Some(figures_of(&r.outcome)), hands_touched: Some(Exact(r.share())), note: None },
        Err(why) => WayEdit { edit: e.description.clone(), optimal_player: None, hands_touched: None, note: Some(why.clone()) },
    }
}

/// Every single-rule edit of the way `choice` valued from the setting table, against the
/// published figure of the main game.
pub fn way_edits(games: &[GameTables], choice: &HouseWayChoice) -> Result<WayEdits, String> {
    let reading = fupg::AceHigh::JokerPlaysAce;
    let published = published(games).ok_or("the tables hold no published figure for face-up-pai-gow base")?;
    let t = setting_table(reading)?;
    let way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    let own = t.optimal(&way)?;
    let edits = way_edits::evaluate_edits(&t, &way)?;
    let (hits, near) = way_edits::explaining(&edits, published.text.trim_end_matches('%'), 5);
    Ok(WayEdits {
        game: "face-up-pai-gow".into(),
        wager: parsheet_games::MAIN.into(),
        house_way: choice.spec.clone(),
        assumptions: vec![choice.assumption.clone(), Assumption::given("policy", "optimal-player"), Assumption::printed("reading", reading.id())],
        published: published.text.clone(),
        optimal_player: figures_of(&own),
        edits_tried: edits.len(),
        edits_unset: edits.iter().filter(|e| e.result.is_err()).count(),
        reproducing: hits.iter().map(|e| edit_record(e)).collect(),
        nearest: if hits.is_empty() { near.iter().map(|e| edit_record(e)).collect() } else { Vec::new() },
    })
}

/// One house way priced for a designer: the optimal player against it and against each of its
/// single-rule changes, all from the setting table, beside the range over every way.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WayDesign {
    pub game: String,
    pub wager: String,
    pub house_way: String,
    pub title: String,
    pub assumptions: Vec<Assumption>,
    pub optimal_player: Figures,
    /// The bound below: the dealer-best way over every house way that sets hands alike by ranks,
    /// joker and flush ranks (each dealer class alike), against the optimal player.
    pub dealer_best: Figures,
    pub dealer_worst: Figures,
    /// The regulator's figure for the main game, where the tables hold one.
    pub published: Option<String>,
    /// Every single-rule change, highest payback first; those that leave a hand unset last.
    pub edits: Vec<WayEdit>,
}

/// The way `choice` and each single-rule change of it, valued from the setting table.
pub fn way_design(games: &[GameTables], choice: &HouseWayChoice) -> Result<WayDesign, String> {
    let reading = DESIGN_READING;
    let t = setting_table(reading)?;
    let bounds = t.bounds();
    let way = parsheet_tables::house_way::load(&choice.spec).map_err(|e| e.to_string())?;
    let own = t.optimal(&way)?;
    let mut edits = way_edits::evaluate_edits(&t, &way)?;
    edits.sort_by(|a, b| match (&a.result, &b.result) {
        (Ok(x), Ok(y)) => y.outcome.payback().cmp(&x.outcome.payback()),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => std::cmp::Ordering::Equal,
    });
    Ok(WayDesign {
        game: "face-up-pai-gow".into(),
        wager: parsheet_games::MAIN.into(),
        house_way: choice.spec.clone(),
        title: way.title.clone(),
        assumptions: vec![choice.assumption.clone(), Assumption::given("policy", "optimal-player"), Assumption::printed("reading", reading.id())],
        optimal_player: figures_of(&own),
        dealer_best: figures_of(&bounds.dealer_best),
        dealer_worst: figures_of(&bounds.dealer_worst),
        published: published(games).map(|p| p.text),
        edits: edits.iter().map(edit_record).collect(),
    })
}

#[cfg(test)]
mod tests {
    /// The designer's preload reads a stored table and never counts one: with no store holding
    /// it, it finds none (a table it had counted would be there).
    #[test]
    fn the_preload_counts_nothing() {
        assert_eq!(super::preload_design_table(), Ok(false));
    }
}
