//! The heuristic player under the 2008 texts (`edition = 2008`, V-EARLY): the questions those
//! texts ask are answered as the current ones are, with what the 2008 wording changes.

use sgs_bot::{Agent, HeuristicAgent};
use sgs_engine::scenario::CardSpec;
use sgs_engine::testing::{cards, seat, table, Check};
use sgs_engine::CardKind::*;
use sgs_engine::{view, Action, GeneralId, Role, Seat, SkillId, Suit};

/// What the heuristic agent of `who` answers to its pending prompt, having seen what it saw.
fn decide(check: &Check, who: u8) -> Action {
    let mut agent = HeuristicAgent::new(Seat(who));
    let events: Vec<_> = check
        .events
        .iter()
        .filter_map(|e| view::redact(e, Some(Seat(who))))
        .collect();
    agent.observe(&events);
    let prompt = check.prompt(who).clone();
    let action = agent.decide(&check.game.view(Seat(who)), &prompt);
    assert!(prompt.choices.allows(&action), "illegal {action:?}");
    action
}

fn early(roles: &[Role]) -> sgs_engine::Scenario {
    let mut s = table(roles);
    s.ruleset.edition = sgs_engine::ruleset::EARLY_EDITION.to_string();
    s
}

/// V-EARLY-30: a wounded 2008 华佗 heals himself with 青囊, paying with a card.
#[test]
fn v_early_30_a_wounded_huatuo_heals_himself() {
    let mut s = early(&[Role::Lord, Role::Rebel, Role::Loyalist, Role::Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).general = GeneralId::HuatuoEarly;
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Dismantlement, Jink]);
    let mut check = Check::new(s);
    let action = decide(&check, 1);
    assert!(
        matches!(
            action,
            Action::Skill {
                skill: SkillId::QingnangEarly,
                ..
            }
        ),
        "{action:?}"
    );
    check.act(1, action);
    let pay = decide(&check, 1);
    let Action::Skill { targets, cards, .. } = &pay else {
        panic!("expected a card for 青囊, got {pay:?}");
    };
    assert_eq!((targets.as_slice(), cards.len()), (&[Seat(1)][..], 1));
    check.act(1, pay);
    assert_eq!(check.hp(1), 2);
}

/// V-EARLY-24: the source of the 2008 刚烈 at 1 HP discards two cards rather than lose its
/// last HP.
#[test]
fn v_early_24_a_source_at_one_hp_discards_rather_than_lose_hp() {
    let mut s = early(&[Role::Lord, Role::Rebel, Role::Loyalist]);
    seat(&mut s, 0).hp = Some(1);
    seat(&mut s, 0).hand = cards(&[Slash, Jink, Jink]);
    seat(&mut s, 1).general = GeneralId::XiahoudunEarly;
    s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
    let mut check = Check::new(s);
    check
        .card(0, Slash, &[1])
        .pass(1)
        .skill(1, SkillId::GanglieEarly);
    let answer = decide(&check, 0);
    assert!(
        matches!(&answer, Action::Cards { cards } if cards.len() == 2),
        "{answer:?}"
    );
    check.act(0, answer);
    assert_eq!(check.hp(0), 1);
}
