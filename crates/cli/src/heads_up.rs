//! `parsheet strategy heads-up-holdem`: the three-street strategy as a 13x13 grid of starting
//! hands, the exact figures under it, and the values of any one spot.

use num_rational::BigRational;
use parsheet_cards::CardSet;
use parsheet_games::strategy::heads_up::{self, hole_name, Config, Exact, Preflop};
use parsheet_games::strategy::{Solution, StrategyGame};
use parsheet_paytable::{fraction, Decimal, Paytable};
use serde_json::json;

pub struct Args {
    pub variant: Option<String>,
    pub paytable: Option<String>,
    pub tables: crate::TablesArg,
    pub bad_beat: Option<String>,
    pub min_raise: Option<String>,
    pub hole: Option<String>,
    pub board: Option<String>,
    pub json: bool,
    /// `--format csv`: the pre-flop chart as decision classes.
    pub csv: bool,
}

use parsheet_app::main_game::bad_beat_table;

/// Reads "1", "3", "1/2", "0.5".
fn parse_size(text: &str) -> Result<(i64, i64), String> {
    let bad = || format!("cannot read the raise size {text:?}: write 1, 1/2 or 0.5");
    let (n, d) = match text.split_once('/') {
        Some((n, d)) => (n.trim().parse::<i64>().map_err(|_| bad())?, d.trim().parse::<i64>().map_err(|_| bad())?),
        None => match text.split_once('.') {
            Some((i, f)) if f.len() <= 3 && f.chars().all(|c| c.is_ascii_digit()) => {
                let d = 10i64.pow(f.len() as u32);
                (i.parse::<i64>().map_err(|_| bad())? * d + f.parse::<i64>().unwrap_or(0), d)
            }
            _ => (text.trim().parse::<i64>().map_err(|_| bad())?, 1),
        },
    };
    if n <= 0 || d <= 0 {
        return Err(bad());
    }
    let g = num_integer::gcd(n, d);
    Ok((n / g, d / g))
}

fn percent(r: &BigRational) -> String {
    Decimal(r).percent(6)
}

pub fn run(args: &Args, g: &'static StrategyGame) -> Result<(), String> {
    let games = args.tables.load()?;
    // The reading every command uses (asked, else the tables' default), checked.
    let (variant, _) = parsheet_app::inputs::main_game_reading(g, &games, args.variant.as_deref())?;
    let reading = g.variants.iter().find(|v| v.id == variant).expect("main_game_reading checks the reading");
    let variant = variant.to_string();
    let odds = &parsheet_app::inputs::select(&games, g.game, g.wager, args.paytable.as_deref())?.table;
    let tables = games.iter().find(|t| t.game == g.game).expect("select found the game");
    let bad_beat = bad_beat_table(tables, g.bonus_wager.unwrap_or("bad-beat"), args.bad_beat.as_deref())?;
    let mut config = Config::heads_up(&variant, odds, bad_beat)?;
    if let Some(m) = &args.min_raise {
        config.min_raise = parse_size(m)?;
    }
    let bad_beat_words = match bad_beat {
        Some(t) => format!("with Bad Beat paytable {}", t.id),
        None => "without Bad Beat (677a.12(c) is missing from the text; supply a bad-beat table with --tables)".to_string(),
    };
    let min_words = format!("minimum raise {} Ante", fraction(&BigRational::new(config.min_raise.0.into(), config.min_raise.1.into())));
    if let Some(hole) = &args.hole {
        return spot(args, &config, hole, &bad_beat_words);
    }
    let x = heads_up::solve_cached(&config)?;
    let s = heads_up::to_solution(&x, bad_beat.is_some());
    let player = parsheet_app::plans::player_strategy(&heads_up::plan::strategies(&x)?, &s.expected_net, &s.expected_wager)?;
    if args.csv {
        return crate::print(parsheet_report::strategy_page::plan_csv(&player));
    }
    if args.json {
        let mut v = to_json(g, reading.id, odds, bad_beat, &min_words, &x, &s);
        if let (serde_json::Value::Object(m), Ok(p)) = (&mut v, serde_json::to_value(&player)) {
            m.insert("player".into(), p);
        }
        println!("{v}");
        return Ok(());
    }
    println!("{} (§ {})\nreading {}: {}\nOdds paytable {}; {bad_beat_words}; {min_words}\n", g.title, g.rules, reading.id, reading.description, odds.id);
    println!("Pre-flop: R = raise {}, c = check; the number is the expected net of raising minus checking, per Ante.", size(&x, x.sizes.preflop_max));
    println!("Suited hands above the diagonal, offsuit below, pairs on it.\n");
    print!("{}", grid(&x));
    println!();
    for (street, lines) in [("flop, after a pre-flop check", heads_up::flop_rule(&x)), ("river, after checking twice", heads_up::river_rule(&x))] {
        print!("{}", rule_text(street, &lines));
    }
    print!("{}", parsheet_report::strategy_page::text(&player, x.cycle as u128));
    summary(&x, &s);
    Ok(())
}

/// A rule a dealer could teach, line by line, with the exact share of spots each gets right.
fn rule_text(street: &str, lines: &[heads_up::RuleLine]) -> String {
    let total: u64 = lines.iter().map(|l| l.spots).sum();
    let right: u64 = lines.iter().map(|l| l.right()).sum();
    let share = |n: u64, d: u64| Decimal(&BigRational::new(n.into(), d.into())).percent(2);
    let mut out = format!("Rule for the {street}: right in {}% of its spots ({right} of {total})\n", share(right, total));
    let w = lines.iter().map(|l| l.situation.len()).max().unwrap_or(9);
    out += &format!("  {:<w$}  {:<6} {:>8} {:>9} {:>8}\n", "situation", "play", "spots %", "raise %", "right %");
    for l in lines {
        out += &format!("  {:<w$}  {:<6} {:>8} {:>9} {:>8}\n", l.situation, l.play, share(l.spots, total), share(l.raises, l.spots), share(l.right(), l.spots));
    }
    out + "\n"
}

fn rule_json(lines: &[heads_up::RuleLine]) -> serde_json::Value {
    let total: u64 = lines.iter().map(|l| l.spots).sum();
    let right: u64 = lines.iter().map(|l| l.right()).sum();
    json!({"spots": total.to_string(), "right": right.to_string(),
        "share_right": fraction(&BigRational::new(right.into(), total.max(1).into())),
        "lines": lines.iter().map(|l| json!({"situation": l.situation, "play": l.play, "spots": l.spots.to_string(), "raises": l.raises.to_string(),
            "share_right": fraction(&BigRational::new(l.right().into(), l.spots.max(1).into()))})).collect::<Vec<_>>()})
}

fn size(x: &Exact, k: i64) -> String {
    fraction(&BigRational::new(k.into(), x.sizes.den.into())) + "x"
}

/// The 169 starting hands: rows and columns by rank, ace first.
fn grid(x: &Exact) -> String {
    let ranks = "AKQJT98765432";
    let mut out = String::from("     ");
    for c in ranks.chars() {
        out += &format!("{c:>8}");
    }
    out += "\n";
    for (i, r) in ranks.chars().enumerate() {
        out += &format!("{r:>4} ");
        for (j, c) in ranks.chars().enumerate() {
            let name = match i.cmp(&j) {
                std::cmp::Ordering::Equal => format!("{r}{c}"),
                std::cmp::Ordering::Less => format!("{r}{c}s"),
                std::cmp::Ordering::Greater => format!("{c}{r}o"),
            };
            let k = x.classes.iter().find(|k| hole_name(k.representative) == name).expect("169 starting hands");
            let (rmax, _, check) = x.preflop_values(k);
            let play = match k.play {
                Preflop::RaiseMax => "R",
                Preflop::RaiseMin => "m",
                Preflop::Check => "c",
            };
            let margin = Decimal(&(rmax - check)).with_places(3);
            out += &format!("{:>8}", format!("{play}{margin}"));
        }
        out += "\n";
    }
    out
}

fn summary(x: &Exact, s: &Solution) {
    for n in &s.notes {
        println!("note: {n}");
    }
    println!("\nactions (deals of the cycle):");
    for (a, d) in &s.actions {
        let p = BigRational::new((*d).into(), s.counts.cycle().into());
        println!("  {a:>22}: {d:>16} deals, {}%", Decimal(&p).percent(4));
    }
    println!("\noutcomes under the strategy (net per Ante):");
    let ow = s.counts.rows().iter().map(|r| r.0.len()).max().unwrap_or(5).max(5);
    for ((o, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        println!("  {o:>ow$}: {n:>16} deals, net {}", fraction(net));
    }
    println!("  {:>ow$}: {:>16} deals (C(52,2)·C(50,3)·C(47,2)·C(45,2) = {})", "cycle", s.counts.cycle(), heads_up::full_cycle());
    let _ = x;
    println!("\n         house edge per Ante: {}% = {}", percent(&s.house_edge()), fraction(&s.house_edge()));
    let e = s.house_edge_per_initial_wager();
    println!("house edge per initial wager: {}% = {} (Ante + Odds = 2 Antes)", percent(&e), fraction(&e));
    println!("      average total wagered: {} Antes = {}", Decimal(&s.expected_wager).with_places(6), fraction(&s.expected_wager));
    println!("            element of risk: {}% of the total wagered = {}", percent(&s.element_of_risk()), fraction(&s.element_of_risk()));
}

fn to_json(g: &'static StrategyGame, reading: &str, odds: &Paytable, bad_beat: Option<&Paytable>, min_words: &str, x: &Exact, s: &Solution) -> serde_json::Value {
    let hands: Vec<_> = s
        .strategy
        .iter()
        .map(|d| {
            json!({"hand": d.situation, "play": d.choice, "deals": d.deals.to_string(),
                "options": d.options.iter().map(|(o, v)| json!({"play": o, "expected_net": fraction(v), "expected_net_decimal": Decimal(v).with_places(6)})).collect::<Vec<_>>()})
        })
        .collect();
    let mut v = json!({
        "game": g.game, "wager": parsheet_games::MAIN, "rules": g.rules, "reading": reading, "odds_paytable": odds.id,
        "bad_beat_paytable": bad_beat.map(|t| t.id.clone()),
        "notes": s.notes, "minimum_raise": min_words,
        "preflop": hands,
        "flop_rule": rule_json(&heads_up::flop_rule(x)),
        "river_rule": rule_json(&heads_up::river_rule(x)),
    });
    // The figures in the keys every main game uses (docs/JSON.md): the record of the solution.
    let solved = parsheet_app::main_game::Solved {
        game: g,
        reading: reading.to_string(),
        paytable: Some(odds.id.clone()),
        table: Some(odds.clone()),
        bonus: bad_beat.map(|t| t.id.clone()),
        house_way: None,
        assumptions: vec![parsheet_app::Assumption::given("reading", reading), parsheet_app::Assumption::given("minimum-raise", min_words)],
        changed: vec![],
        solution: s.clone(),
    };
    if let (serde_json::Value::Object(m), Ok(serde_json::Value::Object(a))) = (&mut v, serde_json::to_value(parsheet_app::main_game::analysis(&solved))) {
        for (k, x) in a {
            m.entry(k).or_insert(x);
        }
    }
    v
}

/// Cards as a set, and as the user gave them (in their order, each card written the usual way).
fn cards_given(text: &str) -> Result<(CardSet, String), String> {
    let cards = parsheet_cards::cards_in_order(text).map_err(|e| e.to_string())?;
    let words: Vec<String> = cards.iter().map(ToString::to_string).collect();
    Ok((cards.into_iter().fold(CardSet::EMPTY, CardSet::with), words.join(" ")))
}

fn spot(args: &Args, config: &Config, hole: &str, bad_beat_words: &str) -> Result<(), String> {
    let (hole_set, hole) = cards_given(hole)?;
    let (board_set, board) = match &args.board {
        Some(b) => cards_given(b)?,
        None => (CardSet::EMPTY, String::new()),
    };
    let values = heads_up::spot(config, hole_set, board_set)?;
    let best = values.iter().max_by(|a, b| a.1.cmp(&b.1)).unwrap();
    let street = match board_set.len() {
        0 => "before the flop",
        3 => "on the flop (after a pre-flop check)",
        _ => "at the river (after checking twice)",
    };
    if args.json {
        println!(
            "{}",
            json!({"hole": hole, "board": board, "street": street, "best": best.0, "note": bad_beat_words,
                "options": values.iter().map(|(o, v)| json!({"play": o, "expected_net": fraction(v), "expected_net_decimal": Decimal(v).with_places(6)})).collect::<Vec<_>>()})
        );
        return Ok(());
    }
    println!("hole {hole}, board {}: {street}; {bad_beat_words}", if board.is_empty() { "-" } else { &board });
    for (o, v) in &values {
        let mark = if o == &best.0 { "  <- best" } else { "" };
        println!("  {o:>10}: {:>10} per Ante = {}{mark}", Decimal(v).with_places(6), fraction(v));
    }
    Ok(())
}
