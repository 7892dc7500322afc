//! Heuristic decisions in stacked scenarios: the agent sees only its seat's filtered events and
//! view, as in a real game.

use sgs_bot::{Agent, HeuristicAgent};
use sgs_engine::testing::{cards, seat, table, Check};
use sgs_engine::CardKind::*;
use sgs_engine::{view, Action, CardKind, Phase, Role, Seat};

/// A heuristic agent for `seat` that has seen everything `seat` saw so far.
fn agent(check: &Check, who: u8) -> HeuristicAgent {
    let mut agent = HeuristicAgent::new(Seat(who));
    let events: Vec<_> = check
        .events
        .iter()
        .filter_map(|e| view::redact(e, Some(Seat(who))))
        .collect();
    agent.observe(&events);
    agent
}

/// What the heuristic agent of `seat` answers to its pending prompt.
fn decide(check: &Check, who: u8) -> Action {
    let prompt = check.prompt(who).clone();
    let action = agent(check, who).decide(&check.game.view(Seat(who)), &prompt);
    assert!(prompt.choices.allows(&action), "illegal {action:?}");
    action
}

/// The kinds of the cards an action names.
/// A card of the standard pack (the scenarios here play only it), by id.
fn face(id: sgs_engine::CardId) -> sgs_engine::def::DeckRow {
    sgs_engine::decks::standard::PACK.rows[id.index()]
}

fn kinds(action: &Action) -> Vec<CardKind> {
    let ids = match action {
        Action::Card { cards, .. } | Action::Cards { cards } | Action::Skill { cards, .. } => {
            cards.clone()
        }
        _ => Vec::new(),
    };
    ids.into_iter().map(|c| face(c).kind).collect()
}

fn targets(action: &Action) -> Vec<u8> {
    match action {
        Action::Card { targets, .. } => targets.iter().map(|s| s.0).collect(),
        _ => Vec::new(),
    }
}

/// Lord 0, rebel 1, loyalist 2, renegade 3; the rebel's play phase.
fn four() -> sgs_engine::Scenario {
    let mut s = table(&[Role::Lord, Role::Rebel, Role::Loyalist, Role::Renegade]);
    s.current = Some(Seat(1));
    s
}

#[test]
fn a_rebel_slashes_the_lord_within_reach_rather_than_an_unknown_seat() {
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(2);
    let check = Check::new(s);
    // Both the lord (seat 0) and seat 2 are at distance 1.
    let action = decide(&check, 1);
    assert_eq!(kinds(&action), vec![Slash]);
    assert_eq!(targets(&action), vec![0]);
}

/// Seat 1, a rebel holding one 杀, plays at a table of `roles` (seat 0 the lord, seat 2 at
/// distance 1 too).
fn rebel_with_a_slash(roles: &[Role]) -> sgs_engine::Scenario {
    let mut s = table(roles);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    s
}

#[test]
fn a_rebel_leaves_a_healthy_lord_while_loyalists_stand() {
    // 剪除羽翼: the lord at full HP is not worth the 杀 while a loyalist may still guard it and
    // other rebels stand (six seats: three rebels).
    let check = Check::new(rebel_with_a_slash(&[
        Role::Lord,
        Role::Rebel,
        Role::Loyalist,
        Role::Renegade,
        Role::Rebel,
        Role::Rebel,
    ]));
    assert!(check.find_card(1, Slash, &[0]).is_some());
    let action = decide(&check, 1);
    assert!(!targets(&action).contains(&0), "{action:?}");
}

#[test]
fn two_rebels_go_for_a_healthy_lord_at_once() {
    // Five seats deal only two rebels: too few to cut the lord's defenders away first.
    let check = Check::new(rebel_with_a_slash(&[
        Role::Lord,
        Role::Rebel,
        Role::Loyalist,
        Role::Renegade,
        Role::Rebel,
    ]));
    assert_eq!(targets(&decide(&check, 1)), vec![0]);
}

#[test]
fn a_rebel_goes_for_a_healthy_lord_once_its_loyalists_are_dead() {
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 2).alive = false;
    let check = Check::new(s);
    let action = decide(&check, 1);
    assert_eq!(targets(&action), vec![0]);
}

#[test]
fn a_loyalist_never_slashes_the_lord_and_keeps_its_card() {
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    // Seat 2 has a defensive horse: only the lord is in range.
    seat(&mut s, 2).equip = cards(&[Dilu]);
    let check = Check::new(s);
    assert!(check.find_card(1, Slash, &[0]).is_some());
    assert_eq!(decide(&check, 1), Action::Pass);
}

#[test]
fn allies_are_saved_and_enemies_left_to_die() {
    let mut s = four();
    seat(&mut s, 0).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Slash, Peach]);
    seat(&mut s, 2).hand = cards(&[Peach]);
    let mut check = Check::new(s);
    check.card(1, Slash, &[0]);
    // The lord has no 闪.
    check.pass(0);
    assert!(check.is_asked(1, |k| matches!(k, sgs_engine::PromptKind::Save { .. })));
    // The rebel lets the lord die; the loyalist saves it.
    assert_eq!(decide(&check, 1), Action::Pass);
    check.pass(1);
    let action = decide(&check, 2);
    assert_eq!(kinds(&action), vec![Peach]);
    check.act(2, action);
    assert_eq!(check.hp(0), 1);
}

#[test]
fn a_jink_answers_a_slash() {
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 0).hand = cards(&[Jink, Peach]);
    let mut check = Check::new(s);
    check.card(1, Slash, &[0]);
    let action = decide(&check, 0);
    assert_eq!(kinds(&action), vec![Jink]);
}

#[test]
fn discards_keep_peaches_and_jinks() {
    let mut s = four();
    s.phase = Phase::Discard;
    seat(&mut s, 1).hp = Some(2);
    seat(&mut s, 1).hand = cards(&[Peach, Lightning, Jink, Slash, Slash]);
    let check = Check::new(s);
    let mut discarded = kinds(&decide(&check, 1));
    discarded.sort();
    assert_eq!(discarded, vec![Slash, Slash, Lightning]);
}

#[test]
fn nullification_protects_an_ally_not_an_enemy() {
    // The rebel puts 乐不思蜀 on the lord: the loyalist nullifies it at the lord's judgment.
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[Indulgence]);
    seat(&mut s, 2).hand = cards(&[Nullification]);
    let mut check = Check::new(s);
    check.card(1, Indulgence, &[0]);
    check.pass(1);
    // The lord's turn comes; its judgment opens a window.
    while !check.is_asked(2, |k| matches!(k, sgs_engine::PromptKind::Nullify { .. })) {
        let p = check.game.prompts()[0].clone();
        check.act(p.seat.0, p.default_action());
    }
    let action = decide(&check, 2);
    assert_eq!(kinds(&action), vec![Nullification]);

    // The lord puts 乐不思蜀 on the seat that attacked it: the loyalist lets it be.
    let mut s = four();
    s.current = Some(Seat(0));
    seat(&mut s, 0).hand = cards(&[Indulgence]);
    seat(&mut s, 2).hand = cards(&[Nullification]);
    let mut check = Check::new(s);
    check.card(0, Indulgence, &[1]);
    check.pass(0);
    while !check.is_asked(2, |k| matches!(k, sgs_engine::PromptKind::Nullify { .. })) {
        let p = check.game.prompts()[0].clone();
        check.act(p.seat.0, p.default_action());
    }
    // Seat 1 is unknown to the loyalist but more likely a rebel than not.
    assert_eq!(decide(&check, 2), Action::Pass);
}

#[test]
fn equipment_goes_on_before_anything_else() {
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[Slash, EightDiagram]);
    let check = Check::new(s);
    assert_eq!(kinds(&decide(&check, 1)), vec![EightDiagram]);
}

#[test]
fn savage_assault_only_when_it_hurts_enemies_more() {
    // A rebel among the lord and two others: the lord is an enemy, the rest unknown.
    let mut s = four();
    seat(&mut s, 1).hand = cards(&[SavageAssault]);
    seat(&mut s, 0).hp = Some(1);
    let check = Check::new(s);
    assert_eq!(kinds(&decide(&check, 1)), vec![SavageAssault]);

    // The lord with only its loyalist hurt and low: not worth it.
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.current = Some(Seat(0));
    seat(&mut s, 0).hand = cards(&[SavageAssault]);
    seat(&mut s, 1).hp = Some(1);
    let check = Check::new(s);
    let action = decide(&check, 0);
    assert_eq!(action, Action::Pass);
}

#[test]
fn dismantlement_clears_an_allys_judgment_area() {
    // The loyalist sees the lord under 乐不思蜀 and removes it.
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Dismantlement]);
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    seat(&mut s, 0).hand = cards(&[Jink]);
    let mut check = Check::new(s);
    let action = decide(&check, 1);
    assert_eq!(targets(&action), vec![0]);
    check.act(1, action);
    check.pass_windows();
    let pick = decide(&check, 1);
    let Action::Pick {
        pick: sgs_engine::Pick::Card { card },
    } = pick
    else {
        panic!("expected the judgment card, got {pick:?}");
    };
    assert_eq!(face(card).kind, Indulgence);
}

#[test]
fn rende_gives_surplus_cards_to_the_lord_not_to_a_stranger() {
    // A loyalist 刘备 with more cards than HP: the lord is the one ally it knows.
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).general = sgs_engine::GeneralId::Liubei;
    seat(&mut s, 1).hand = cards(&[Jink, Jink, Jink, Jink, Jink, Jink]);
    let mut check = Check::new(s);
    let action = decide(&check, 1);
    let Action::Skill {
        skill: sgs_engine::SkillId::Rende,
        targets,
        ..
    } = &action
    else {
        panic!("expected 仁德, got {action:?}");
    };
    assert_eq!(targets, &vec![Seat(0)]);
    check.act(1, action);
    // Then it gives only what it does not need.
    let given = decide(&check, 1);
    let n = kinds(&given).len();
    assert!((1..=2).contains(&n), "{given:?}");
}

#[test]
fn guanxing_stacks_a_heart_for_indulgence() {
    use sgs_engine::scenario::CardSpec;
    use sgs_engine::Suit;
    let mut s = four();
    s.phase = Phase::Start;
    seat(&mut s, 1).general = sgs_engine::GeneralId::Zhugeliang;
    seat(&mut s, 1).judge = cards(&[Indulgence]);
    s.draw_pile_top = vec![
        CardSpec::exact(Slash, Suit::Spade, 7),
        CardSpec::exact(Jink, Suit::Diamond, 2),
        CardSpec::exact(Peach, Suit::Heart, 3),
        CardSpec::exact(Lightning, Suit::Spade, 1),
    ];
    let mut check = Check::new(s);
    let yes = decide(&check, 1);
    assert!(matches!(yes, Action::Skill { .. }), "{yes:?}");
    check.act(1, yes);
    let Action::Arrange { top, bottom } = decide(&check, 1) else {
        panic!("expected an arrangement");
    };
    let first = face(top[0]);
    assert_eq!(first.suit, Suit::Heart);
    // 闪电 is not worth drawing.
    assert!(bottom.iter().any(|c| face(*c).kind == Lightning));
}

#[test]
fn guicai_flips_a_judgment_for_the_lord() {
    use sgs_engine::scenario::CardSpec;
    use sgs_engine::Suit;
    // The lord judges 乐不思蜀 and reveals a ♠: the loyalist 司马懿 replaces it with a ♥.
    let mut s = table(&[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]);
    s.current = Some(Seat(0));
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    seat(&mut s, 1).general = sgs_engine::GeneralId::Simayi;
    seat(&mut s, 1).hand = vec![
        CardSpec::exact(Jink, Suit::Heart, 2),
        CardSpec::exact(Slash, Suit::Club, 3),
    ];
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
    let mut check = Check::new(s);
    check.pass_windows();
    let action = decide(&check, 1);
    let Action::Skill { cards: paid, .. } = &action else {
        panic!("expected a retrial, got {action:?}");
    };
    assert_eq!(face(paid[0]).suit, Suit::Heart);

    // The same 司马懿 as a rebel lets the lord's bad judgment stand.
    let mut s = table(&[Role::Lord, Role::Rebel, Role::Loyalist, Role::Renegade]);
    s.current = Some(Seat(0));
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    seat(&mut s, 1).general = sgs_engine::GeneralId::Simayi;
    seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Heart, 2)];
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
    let mut check = Check::new(s);
    check.pass_windows();
    assert_eq!(decide(&check, 1), Action::Pass);
}

/// 据守 (W-JUSHOU-1) gives a turn up for cards: 曹仁 at full HP with a hand to play next turn
/// declines it; with nothing in hand he takes it.
#[test]
fn jushou_only_when_the_turn_would_be_worth_little() {
    let at_end = |hand: &[CardKind]| {
        let mut s = sgs_engine::testing::with_pack(table(&[Role::Lord, Role::Rebel]), "wind");
        s.current = Some(Seat(0));
        s.phase = Phase::Finish;
        seat(&mut s, 0).general = sgs_engine::GeneralId::Caoren;
        seat(&mut s, 0).hand = cards(hand);
        Check::new(s)
    };
    assert_eq!(decide(&at_end(&[Slash, Jink, Peach]), 0), Action::Pass);
    assert!(matches!(
        decide(&at_end(&[]), 0),
        Action::Skill {
            skill: sgs_engine::SkillId::Jushou,
            ..
        }
    ));
}

/// 天义 (W-TIANYI-1) only with a high card to win the 拼点 and a 杀 to use after: 太史慈 (the
/// rebel) starts it at the lord holding a J, not holding a 3 — and plays the J.
#[test]
fn tianyi_only_with_a_high_card_and_the_high_card_is_played() {
    use sgs_engine::scenario::CardSpec;
    use sgs_engine::{SkillId, Suit};
    let with = |rank: u8| {
        let mut s = sgs_engine::testing::with_pack(four(), "fire");
        seat(&mut s, 1).general = sgs_engine::GeneralId::Taishici;
        seat(&mut s, 1).hand = vec![
            CardSpec::exact(Jink, Suit::Diamond, rank),
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 8),
        ];
        seat(&mut s, 0).hand = cards(&[Peach]);
        Check::new(s)
    };
    let tianyi = |a: &Action| {
        matches!(
            a,
            Action::Skill {
                skill: SkillId::Tianyi,
                ..
            }
        )
    };
    assert!(!tianyi(&decide(&with(3), 1)));
    let mut check = with(11);
    let start = decide(&check, 1);
    assert!(tianyi(&start), "{start:?}");
    check.act(1, start);
    let pindian = decide(&check, 1);
    assert_eq!(kinds(&pindian), vec![Jink]);
}

/// 涅槃 (W-NIEPAN-1) when the rescue reaches 庞统.
#[test]
fn niepan_when_dying() {
    let mut s = sgs_engine::testing::with_pack(four(), "fire");
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 0).general = sgs_engine::GeneralId::Pangtong;
    seat(&mut s, 0).hp = Some(1);
    let mut check = Check::new(s);
    check.card(1, Slash, &[0]).pass(0).pass_saves();
    assert!(matches!(
        decide(&check, 0),
        Action::Skill {
            skill: sgs_engine::SkillId::Niepan,
            ..
        }
    ));
}

/// 节命 (W-JIEMING-1) fills a friendly hand (his own here), never an enemy's.
#[test]
fn jieming_fills_a_friendly_hand() {
    let mut s = sgs_engine::testing::with_pack(four(), "fire");
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 0).general = sgs_engine::GeneralId::Xunyu;
    let mut check = Check::new(s);
    check.card(1, Slash, &[0]).pass(0);
    match decide(&check, 0) {
        Action::Skill { targets, .. } => assert_ne!(targets, vec![Seat(1)]),
        other => panic!("declined: {other:?}"),
    }
}

/// Rebel seat 1 of a five-seat 转世 table slashes seat 2 (1 HP, dealt `victim`), which dies
/// and waits; then the bot plays out seat 1's play phase. Did it sacrifice to seat 2?
fn sacrifices_after_killing(victim: Role) -> bool {
    let mut s = table(&[
        Role::Lord,
        Role::Rebel,
        victim,
        Role::Loyalist,
        Role::Renegade,
    ]);
    s.ruleset = s.ruleset.with_option("reincarnation", "on");
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash, Jink, Jink, Jink]);
    seat(&mut s, 2).hp = Some(1);
    let mut check = Check::new(s);
    check.card(1, Slash, &[2]).pass(2);
    check.pass_saves();
    let mut gave = false;
    for _ in 0..12 {
        if !check.has_prompt(1) || check.prompt(1).kind != sgs_engine::PromptKind::Play {
            break;
        }
        let action = decide(&check, 1);
        if let Action::Skill {
            skill: sgs_engine::SkillId::Xianji,
            targets,
            ..
        } = &action
        {
            gave |= targets == &vec![Seat(2)];
        }
        if action == Action::Pass {
            break;
        }
        check.act(1, action);
        // Answers its own follow-up questions (the card to give, a target's response …).
        while let Some(p) = check.game.prompts().first().cloned() {
            if p.kind == sgs_engine::PromptKind::Play {
                break;
            }
            let answer = if p.seat == Seat(1) {
                decide(&check, 1)
            } else {
                p.default_action()
            };
            check.act(p.seat.0, answer);
        }
    }
    gave
}

/// V-ZS-2: a bot sacrifices to a waiting ally (a fellow rebel), never to a waiting enemy.
#[test]
fn v_zs_2_a_bot_sacrifices_to_a_waiting_ally_only() {
    assert!(sacrifices_after_killing(Role::Rebel));
    assert!(!sacrifices_after_killing(Role::Loyalist));
}

/// Seat 4, a rebel at 1 HP, duels the lord and dies of it; seat 1, a rebel at 1 HP holding a
/// single 桃, is asked to save it (`series` = the identity option, "off" or "on").
fn a_rebel_dying_before_a_rebel_with_one_peach(series: &str) -> Check {
    let mut s = table(&[
        Role::Lord,
        Role::Rebel,
        Role::Loyalist,
        Role::Renegade,
        Role::Rebel,
    ]);
    s.ruleset = s.ruleset.with_option("series", series);
    s.current = Some(Seat(4));
    seat(&mut s, 4).hand = cards(&[Duel]);
    seat(&mut s, 4).hp = Some(1);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hand = cards(&[Peach]);
    seat(&mut s, 1).hp = Some(1);
    let mut check = Check::new(s);
    check.card(4, Duel, &[0]).pass_windows();
    let slash = check.find_card(0, Slash, &[]).unwrap();
    check.act(0, slash).pass(4);
    // The dying rebel and the lord pass; the other rebel is asked.
    check.pass(4).pass(0);
    assert!(check.is_asked(
        1,
        |k| matches!(k, sgs_engine::PromptKind::Save { dying } if *dying == Seat(4))
    ));
    check
}

/// 计分赛 V-JF table 1: a winning rebel scores 3 for each rebel alive at the end, so in a
/// series a rebel spends its last 桃 at 1 HP on a likely fellow rebel (it dueled the lord),
/// which the plain game's caution keeps; a bot made for the table's ruleset
/// (`HeuristicAgent::for_ruleset`, as `AgentKind::make` makes it) plays for points only in a
/// series.
#[test]
fn v_jf_a_rebel_in_a_series_saves_a_fellow_rebel_with_its_last_peach() {
    // The agent as `AgentKind::make` makes it: for the table's ruleset.
    let decide_for_table = |check: &Check| {
        let mut agent = HeuristicAgent::for_ruleset(Seat(1), check.game.ruleset());
        let events: Vec<_> = check
            .events
            .iter()
            .filter_map(|e| view::redact(e, Some(Seat(1))))
            .collect();
        agent.observe(&events);
        agent.decide(&check.game.view(Seat(1)), check.prompt(1))
    };
    let plain = a_rebel_dying_before_a_rebel_with_one_peach("off");
    assert_eq!(decide_for_table(&plain), Action::Pass);
    assert_eq!(decide(&plain, 1), Action::Pass);

    let mut series = a_rebel_dying_before_a_rebel_with_one_peach("on");
    let action = decide_for_table(&series);
    assert_eq!(kinds(&action), vec![Peach]);
    series.act(1, action);
    assert_eq!(series.hp(4), 1, "saved");
}

/// 于吉 (the lord, seat 0; 2 of 3 HP) with `hand` in his play phase; a rebel and a loyalist.
fn yuji(hand: &[CardKind]) -> Check {
    let mut s =
        sgs_engine::testing::with_pack(table(&[Role::Lord, Role::Rebel, Role::Loyalist]), "wind");
    seat(&mut s, 0).general = sgs_engine::GeneralId::Yuji;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).hand = cards(hand);
    Check::new(s)
}

/// 于吉 names `named` and puts his `card` face down (no targets: 桃, 无中生有).
fn guhuo(check: &mut Check, named: CardKind, card: CardKind) {
    check.skill(0, sgs_engine::SkillId::Guhuo);
    check.act(0, Action::Option { index: named as u8 });
    let id = check.hand_card(0, card);
    check.act(
        0,
        Action::Card {
            cards: vec![id],
            skill: Some(sgs_engine::SkillId::Guhuo),
            targets: Vec::new(),
        },
    );
}

fn is_challenge(action: &Action) -> bool {
    matches!(
        action,
        Action::Skill {
            skill: sgs_engine::SkillId::Guhuo,
            ..
        }
    )
}

/// 蛊惑 (W-GUHUO-1), challenging by what the seat has seen: the rebel calls a 无中生有 from 于吉's
/// four cards (4 of 108 are one: likely false) but not a 杀 (30 of 108: likely genuine), and the
/// loyalist never calls its lord.
#[test]
fn guhuo_is_challenged_when_the_named_card_is_likely_false_and_never_by_a_friend() {
    let mut rare = yuji(&[Jink, Jink, Jink, Jink]);
    guhuo(&mut rare, ExNihilo, Jink);
    assert!(
        is_challenge(&decide(&rare, 1)),
        "a 无中生有 from four cards"
    );

    let mut common = yuji(&[Jink, Jink, Jink, Jink]);
    guhuo(&mut common, Peach, Jink);
    // 桃: 8 of 108 — from four cards still more likely false than genuine.
    assert!(is_challenge(&decide(&common, 1)));

    let mut friend = yuji(&[Jink, Jink, Jink, Jink]);
    guhuo(&mut friend, ExNihilo, Jink);
    friend.pass(1);
    assert_eq!(
        decide(&friend, 2),
        Action::Pass,
        "the loyalist trusts its lord"
    );
}

/// 于吉 uses 蛊惑 with a genuine card (a wrong challenger is punished, he loses nothing): wounded,
/// he names 桃 and puts the 桃 face down; with nothing worth naming and every kind likely to be
/// called, he does not use it.
#[test]
fn guhuo_names_the_card_he_holds_and_does_not_bluff_a_rare_one() {
    let mut check = yuji(&[Peach, Jink]);
    let start = decide(&check, 0);
    assert!(is_challenge(&start), "starts 蛊惑: {start:?}");
    check.act(0, start);
    assert_eq!(decide(&check, 0), Action::Option { index: Peach as u8 });
    check.act(0, Action::Option { index: Peach as u8 });
    assert_eq!(kinds(&decide(&check, 0)), vec![Peach]);

    let bluff = yuji(&[Jink, Jink]);
    assert!(
        !is_challenge(&decide(&bluff, 0)),
        "no bluff the rebel would call"
    );
}

/// With nobody left who may challenge (the rebel holds 缠怨, W-GUHUO-5), 于吉 bluffs: his least
/// useful card becomes a 无中生有.
#[test]
fn guhuo_bluffs_when_nobody_may_challenge() {
    let mut s = sgs_engine::testing::with_pack(table(&[Role::Lord, Role::Rebel]), "wind");
    seat(&mut s, 0).general = sgs_engine::GeneralId::Yuji;
    seat(&mut s, 0).hand = cards(&[Jink, Jink]);
    seat(&mut s, 1).gained = vec![sgs_engine::SkillId::Chanyuan];
    let mut check = Check::new(s);
    let start = decide(&check, 0);
    assert!(is_challenge(&start), "starts 蛊惑: {start:?}");
    check.act(0, start);
    assert_eq!(
        decide(&check, 0),
        Action::Option {
            index: ExNihilo as u8
        }
    );
    check.act(
        0,
        Action::Option {
            index: ExNihilo as u8,
        },
    );
    assert_eq!(kinds(&decide(&check, 0)), vec![Jink]);
}
