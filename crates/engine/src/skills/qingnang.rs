//! 青囊 Qingnang — 华佗.
//!
//! 出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。
//! Once per play phase, discard a hand card and choose a wounded character (yourself included):
//! they recover 1 HP.
//!
//! One question names both the hand card and the character (`Action::Skill`); passing cancels
//! before anything is paid. A character at full HP cannot be chosen (the 2008 text allowed it).
//!
//! The 2008 text ([`EARLY`], `V-EARLY-30`, `edition = 2008`): 出牌阶段，可弃一张手牌或已装备的牌为自己加一点
//! 体力，可多次使用该技能。 Himself only, a hand or an equipped card, no limit; offered while he is
//! wounded (a point above his max would not be gained).

use crate::action::Action;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qingnang,
        "青囊",
        "Qingnang",
        "出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。",
        "Once per play phase, discard a hand card to let a wounded character recover 1 HP.",
    )
};

/// 青囊 as the 2008 leaflet words it: himself, any of his cards, repeatable.
pub static EARLY: SkillDef = SkillDef {
    active: Some(Active {
        can_use: |game, owner| game.is_wounded(owner) && !own_cards(game, owner).is_empty(),
    }),
    step: Some(step_early),
    ..SkillDef::named(
        SkillId::QingnangEarly,
        "青囊",
        "Qingnang",
        "出牌阶段，你可以弃置一张牌（手牌或装备区的牌），然后回复1点体力。",
        "In your play phase you may discard a card (hand or equipment) to recover 1 HP; any number of times.",
    )
};

fn own_cards(game: &Game, owner: Seat) -> Vec<crate::card::CardId> {
    let mut cards = game.hand(owner).to_vec();
    cards.extend(game.table.seats[owner.index()].equipment());
    cards
}

/// 2008: choose the card (or cancel), discard it, recover 1.
fn step_early(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let skill = SkillId::QingnangEarly;
    if frame.step == 0 {
        frame.step = 1;
        let mut actions: Vec<Action> = own_cards(game, owner)
            .into_iter()
            .map(|card| Action::Skill {
                skill,
                cards: vec![card],
                targets: vec![owner],
            })
            .collect();
        actions.push(Action::Pass);
        let kind = PromptKind::Choose {
            cause: Cause::Skill(skill),
        };
        return Step::ask(Prompt::new(owner, kind, Choices::actions(actions)));
    }
    let Some((_, Action::Skill { cards, .. })) = game.take_answer() else {
        return Step::Done;
    };
    game.invoke(owner, skill, vec![owner]);
    game.discard(&cards);
    game.recover(owner, 1);
    Step::Done
}

fn wounded(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| game.is_wounded(*s))
        .collect()
}

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty() && !wounded(game, owner).is_empty()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 0 {
        frame.step = 1;
        let mut actions = Vec::new();
        for target in wounded(game, owner) {
            for card in game.hand(owner) {
                actions.push(Action::Skill {
                    skill: SkillId::Qingnang,
                    cards: vec![*card],
                    targets: vec![target],
                });
            }
        }
        actions.push(Action::Pass);
        let kind = PromptKind::Choose {
            cause: Cause::Skill(SkillId::Qingnang),
        };
        return Step::ask(Prompt::new(owner, kind, Choices::actions(actions)));
    }
    let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
        return Step::Done;
    };
    game.invoke(owner, SkillId::Qingnang, targets.clone());
    game.discard(&cards);
    for target in targets {
        game.recover(target, 1);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn heal(c: &Check, target: u8) -> Action {
        Action::Skill {
            skill: SkillId::Qingnang,
            cards: vec![c.game.hand(Seat(0))[0]],
            targets: vec![Seat(target)],
        }
    }

    fn start(c: &mut Check) -> &mut Check {
        c.skill(0, SkillId::Qingnang)
    }

    fn offered(c: &Check) -> bool {
        c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Qingnang,
                cards: vec![],
                targets: vec![],
            },
        )
    }

    fn huatuo(hp: [Option<i8>; 3]) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Huatuo;
        seat(&mut s, 0).hand = cards(&[Slash, Jink]);
        for (i, hp) in hp.into_iter().enumerate() {
            seat(&mut s, i as u8).hp = hp;
        }
        Check::new(s)
    }

    #[test]
    fn heals_a_wounded_character_once_per_phase() {
        let mut c = huatuo([None, Some(2), Some(1)]);
        assert!(offered(&c));
        start(&mut c);
        // Seat 0 is not wounded: not a choice.
        assert!(!c.allows(0, &heal(&c, 0)));
        let action = heal(&c, 2);
        c.act(0, action);
        assert_eq!(c.hp(2), 2);
        assert_eq!(c.hand(0).len(), 1);
        assert_eq!(c.game.table().discard_pile.len(), 1);
        // Used once this phase: no longer offered, though seat 1 is still wounded.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert!(!offered(&c));
        c.assert_conserved();
    }

    #[test]
    fn may_heal_himself() {
        let mut c = huatuo([Some(1), None, None]);
        start(&mut c);
        let action = heal(&c, 0);
        c.act(0, action);
        assert_eq!(c.hp(0), 2);
    }

    #[test]
    fn cancelling_costs_nothing_and_keeps_the_use() {
        let mut c = huatuo([None, Some(2), None]);
        start(&mut c).pass(0);
        assert_eq!(c.hand(0).len(), 2);
        assert_eq!(c.hp(1), 2);
        assert!(offered(&c));
    }

    #[test]
    fn needs_a_wounded_character_and_a_hand_card() {
        let c = huatuo([None, None, None]);
        assert!(!offered(&c));
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Huatuo;
        seat(&mut s, 1).hp = Some(1);
        let c = Check::new(s);
        assert!(!offered(&c));
    }

    /// V-EARLY-30: the 2008 华佗 heals himself only, with an equipped card too, as often as he
    /// likes while wounded.
    #[test]
    fn v_early_30_the_2008_qingnang_heals_himself_repeatedly() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::HuatuoEarly;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[EightDiagram]);
        seat(&mut s, 2).hp = Some(1);
        let mut c = Check::new(s);
        let start = Action::Skill {
            skill: SkillId::QingnangEarly,
            cards: vec![],
            targets: vec![],
        };
        let on = |_: &Check, card, target: u8| Action::Skill {
            skill: SkillId::QingnangEarly,
            cards: vec![card],
            targets: vec![Seat(target)],
        };
        c.act(0, start.clone());
        let slash = c.hand_card(0, Slash);
        assert!(!c.allows(0, &on(&c, slash, 2)), "only himself");
        let armor = c.game.table().seats[0].equipment().next().unwrap();
        let action = on(&c, armor, 0);
        c.act(0, action);
        assert_eq!((c.hp(0), c.equipment(0)), (2, vec![]));
        c.act(0, start.clone());
        let action = on(&c, slash, 0);
        c.act(0, action);
        assert_eq!(c.hp(0), 3);
        assert!(!c.allows(0, &start), "at full HP, and no card left");
        assert_eq!(c.hp(2), 1);
    }
}
