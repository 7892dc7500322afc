//! Whole games: heuristic agents answer every prompt legally (the arena's debug assertion
//! fails on an illegal answer), and a small strength check.

use sgs_bot::arena::{self, AgentSpec};
use sgs_bot::strength::{self, Settings};
use sgs_bot::AgentKind;
use sgs_engine::{GameConfig, Side};

#[test]
fn heuristic_agents_answer_legally_for_every_table_size() {
    let mut finished = 0;
    let mut games = 0;
    for players in 2..=10u8 {
        for seed in 0..30u64 {
            // Alternate all-heuristic tables with mixed ones; random seats make odd situations.
            let spec = if seed % 2 == 0 {
                AgentSpec::all(AgentKind::Heuristic)
            } else {
                AgentSpec::sides(
                    AgentKind::Heuristic,
                    AgentKind::Random,
                    AgentKind::Heuristic,
                )
            };
            let config = GameConfig {
                players,
                // Prompts with only "pass" are asked too, to exercise every prompt kind.
                auto_pass: seed % 3 == 0,
                ..GameConfig::default()
            };
            let result = arena::play(config, seed * 7919 + players as u64, &spec, 30_000).unwrap();
            games += 1;
            finished += usize::from(result.outcome.is_some());
        }
    }
    assert!(
        finished * 100 >= games * 97,
        "{finished}/{games} games finished"
    );
}

#[test]
fn heuristic_lord_side_beats_random_rebels() {
    let matchup = strength::Matchup {
        name: "smoke".to_string(),
        spec: AgentSpec::sides(AgentKind::Heuristic, AgentKind::Random, AgentKind::Random),
        focus: Some(Side::Lord),
    };
    let settings = Settings {
        games: 200,
        first_seed: 1_000_000,
        ..Settings::default()
    };
    let tally = strength::run(&matchup, &settings);
    assert_eq!(tally.games, 200);
    assert!(tally.rate(Side::Lord) >= 0.75, "{tally:?}");
}

#[test]
fn heuristic_rebels_beat_a_random_lord_side() {
    let matchup = strength::Matchup {
        name: "smoke".to_string(),
        spec: AgentSpec::sides(AgentKind::Random, AgentKind::Heuristic, AgentKind::Random),
        focus: Some(Side::Rebels),
    };
    let settings = Settings {
        games: 100,
        first_seed: 2_000_000,
        ..Settings::default()
    };
    let tally = strength::run(&matchup, &settings);
    assert!(tally.rate(Side::Rebels) >= 0.8, "{tally:?}");
}

/// All-heuristic tables leave every side a chance: the renegade above all, which a lord's side
/// and rebels that only chase each other squeeze out (it won 4.5% of 10,000 games before the
/// rebels cut away the lord's defenders first and the renegade was retuned, about 15% after;
/// see the README). 150 fixed seeds: a guard against losing that, not the measurement.
#[test]
fn every_side_wins_some_all_heuristic_games() {
    let matchup = strength::Matchup {
        name: "balance".to_string(),
        spec: AgentSpec::all(AgentKind::Heuristic),
        focus: None,
    };
    let settings = Settings {
        games: 150,
        first_seed: 3_000_000,
        threads: 2,
        ..Settings::default()
    };
    let tally = strength::run(&matchup, &settings);
    assert_eq!(tally.games, 150);
    assert!(tally.rate(Side::Lord) >= 0.15, "{tally:?}");
    assert!(tally.rate(Side::Rebels) >= 0.15, "{tally:?}");
    assert!(tally.rate(Side::Renegade) >= 0.10, "{tally:?}");
}

/// The heuristic agents use the 火 generals' skills in whole games (issue 17): every active
/// skill, conversion and choice is taken at some point over a few 8-seat tables of the six
/// generals with a skill to use (and 典韦, 庞德).
#[test]
fn heuristic_agents_use_the_fire_skills() {
    use sgs_engine::{Action, GeneralId as G, SkillId};
    let generals = [
        G::Yuanshao,
        G::Taishici,
        G::Xunyu,
        G::Pangtong,
        G::Wolong,
        G::Yanliangwenchou,
        G::Dianwei,
        G::Pangde,
    ];
    let mut ruleset = sgs_engine::Ruleset::standard();
    ruleset.generals.push("fire".to_string());
    let mut used: Vec<(SkillId, usize)> = Vec::new();
    for seed in 0..GAMES {
        let mut order = generals;
        order.rotate_left(seed as usize % generals.len());
        let config = GameConfig {
            seat_generals: order.iter().map(|g| Some(*g)).collect(),
            ..GameConfig::new(8, ruleset.clone())
        };
        let spec = AgentSpec::all(AgentKind::Heuristic);
        let (game, _) = arena::play_observed(config, 4_000 + seed, &spec, 20_000, |_| {}).unwrap();
        for (_, action) in &game.record().actions {
            let skill = match action {
                Action::Skill { skill, .. } => *skill,
                Action::Card {
                    skill: Some(skill), ..
                } => *skill,
                _ => continue,
            };
            match used.iter_mut().find(|(s, _)| *s == skill) {
                Some(entry) => entry.1 += 1,
                None => used.push((skill, 1)),
            }
        }
    }
    eprintln!("{used:?}");
    for skill in [
        SkillId::Tianyi,
        SkillId::Quhu,
        SkillId::Jieming,
        SkillId::Luanji,
        SkillId::Shuangxiong,
        SkillId::Lianhuan,
        SkillId::Bazhen,
        SkillId::Kanpo,
        SkillId::Huoji,
        SkillId::Niepan,
        SkillId::Qiangxi,
    ] {
        assert!(used.iter().any(|(s, _)| *s == skill), "{skill:?}: {used:?}");
    }
}

const GAMES: u64 = 8;

/// 国战 by kingdom (issue 19's strength rows): the heuristic chooses every seat's generals, then
/// each seat is played by its kingdom's agent; the report counts each kingdom's wins and which
/// agent's seats won. A heuristic 魏 and 蜀 beat random 吴 and 群 (99.5% over 2,000 games, the
/// README); 40 fixed seeds guard it.
#[test]
fn hegemony_kingdoms_play_by_their_agents() {
    use sgs_engine::Kingdom::{Shu, Wei};
    let spec = AgentSpec::kingdoms(&[Wei, Shu]);
    let settings = Settings {
        games: 40,
        players: 8,
        first_seed: 4_000_000,
        mode: "hegemony".to_string(),
        generals: vec!["hegemony".to_string()],
        ..Settings::default()
    };
    for seed in 0..4 {
        let config = strength::config_in("hegemony", 8, seed, &settings.cards, &settings.generals);
        let result = arena::play(config, seed, &spec, 20_000).unwrap();
        let game_over = result.outcome.as_ref().expect("the game ends");
        assert!(!game_over.winners.is_empty());
        // Every seat was played by its kingdom's agent (the report's sides are pure).
        assert!(result.won_by(AgentKind::Heuristic) || result.won_by(AgentKind::Random));
    }
    let matchup = strength::Matchup {
        name: "heuristic 魏 蜀".to_string(),
        spec,
        focus: None,
    };
    let tally = strength::run(&matchup, &settings);
    assert_eq!(tally.games, 40);
    assert_eq!(
        tally.wei
            + tally.shu
            + tally.wu
            + tally.qun
            + tally.careerist
            + tally.draws
            + tally.unfinished,
        40
    );
    assert!(tally.heuristic_won >= 32, "{tally:?}");
    assert_eq!(
        tally.heuristic_won + tally.random_won + tally.draws + tally.unfinished,
        40
    );
}

/// 3v3 (M-3V3-5/7): the warm marshal gives the draft's first pick to the cool camp (picking
/// second takes two of the best at once), and the cool marshal then has its own camp act first.
#[test]
fn m_3v3_marshals_give_away_the_first_pick_and_take_the_first_turn() {
    use sgs_bot::Agent;
    use sgs_engine::{view, Action, Cause, Game, PromptKind, Seat};
    let config = strength::config_in("3v3", 6, 3, &["3v3".to_string()], &["standard".to_string()]);
    let mut game = Game::new(config, 3).unwrap();
    let mut agents: Vec<_> = (0..6)
        .map(|i| sgs_bot::HeuristicAgent::new(Seat(i)))
        .collect();
    let mut log = game.take_events().0;
    let mut seen = [0usize; 6];
    let mut answers = Vec::new();
    while answers.len() < 2 && !game.is_over() {
        let prompt = game.prompts()[0].clone();
        let seat = prompt.seat;
        let news: Vec<_> = log[seen[seat.index()]..]
            .iter()
            .filter_map(|e| view::redact(e, Some(seat)))
            .collect();
        seen[seat.index()] = log.len();
        let agent = &mut agents[seat.index()];
        agent.observe(&news);
        let action = agent.decide(&game.view(seat), &prompt);
        let first_camp = matches!(
            prompt.kind,
            PromptKind::Choose {
                cause: Cause::Order
            }
        ) && prompt.choices.allows(&Action::Option { index: 3 });
        if first_camp {
            answers.push((game.seat(seat).role, action.clone()));
        }
        log.extend(game.act(seat, action).unwrap().0);
    }
    use sgs_engine::Role::{Lord, Renegade};
    // The warm marshal (the lord's role) in the draft, the cool marshal (the renegade's) for
    // the turn order: option 4, the cool camp, both times.
    assert_eq!(
        answers,
        vec![
            (Lord, Action::Option { index: 4 }),
            (Renegade, Action::Option { index: 4 })
        ]
    );
}
