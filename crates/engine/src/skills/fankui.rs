//! 反馈 Fankui — 司马懿.
//!
//! 当你受到伤害后，你可以获得伤害来源的一张牌。
//! After you take damage, you may obtain one card (hand or equipment) from the damage source.
//!
//! The question is the pick itself: choose one of the source's cards (hand cards face down), or
//! pass. Needs a living source other than 司马懿 with a card.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-22`, `edition = 2008`): 若有玩家对自己造成体力伤害，随机抽取对方一张
//! 手牌，加入自己的手牌。若此时对方无手牌，则此技能无效。 A hand card only, face down (a blind pick is the
//! seeded random draw of `take_pick`); a source without hand cards gives nothing, whatever it has
//! equipped.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Fankui,
        "反馈",
        "Fankui",
        "当你受到伤害后，你可以获得伤害来源的一张牌。",
        "After you take damage, you may obtain one card (hand or equipment) from the damage source.",
    )
};

/// 反馈 as the 2008 leaflet words it: a random hand card of the source.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger: |game, owner, data| source_in(game, owner, data, HAND).is_some(),
        ask: Ask::Custom(|game, owner, data| {
            let source = source_in(game, owner, data, HAND)?;
            let cause = Cause::Skill(SkillId::FankuiEarly);
            let prompt = game.pick_prompt(owner, source, HAND, cause, true);
            Some((prompt.kind, prompt.choices))
        }),
        on_trigger: |game, owner, data, action| {
            let source = source_in(game, owner, data, HAND)?;
            if let Some(card) = game.take_pick(source, action) {
                game.move_cards(&[card], Zone::Hand(owner));
            }
            None
        },
    }],
    ..SkillDef::named(
        SkillId::FankuiEarly,
        "反馈",
        "Fankui",
        "当你受到伤害后，你可以随机获得伤害来源的一张手牌。",
        "After you take damage, you may take a random hand card of the damage source.",
    )
};

/// The 2008 text takes hand cards only.
const HAND: Areas = Areas {
    hand: true,
    equip: false,
    judge: false,
};

/// The damage source, if 反馈 can take one of its cards.
fn source(game: &Game, owner: Seat, data: &TimingData) -> Option<Seat> {
    source_in(game, owner, data, Areas::HAND_AND_EQUIP)
}

/// The damage source, if it has a card in `areas` to take.
fn source_in(game: &Game, owner: Seat, data: &TimingData, areas: Areas) -> Option<Seat> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let source = damage.source?;
    let can = damage.target == owner
        && source != owner
        && game.is_alive(source)
        && game.has_cards_in(source, areas);
    can.then_some(source)
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    source(game, owner, data).is_some()
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let source = source(game, owner, data)?;
    let cause = Cause::Skill(SkillId::Fankui);
    let prompt = game.pick_prompt(owner, source, Areas::HAND_AND_EQUIP, cause, true);
    Some((prompt.kind, prompt.choices))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let source = source(game, owner, data)?;
    if let Some(card) = game.take_pick(source, action) {
        game.move_cards(&[card], Zone::Hand(owner));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn simayi_slashed(hand: &[crate::card::CardKind], equip: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 1).general = GeneralId::Simayi;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn takes_an_equipment_card_of_the_source() {
        let mut c = simayi_slashed(&[Slash, Peach], &[Axe]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::PickCard { .. })));
        let axe = c.game.table().seats[0].equipment().next().unwrap();
        c.act(
            1,
            Action::Pick {
                pick: Pick::Card { card: axe },
            },
        );
        assert_eq!(c.hand(1), vec![Axe]);
        assert!(c.equipment(0).is_empty());
        assert_eq!(c.hand(0), vec![Peach]);
        c.assert_conserved();
    }

    #[test]
    fn takes_a_hand_card_face_down() {
        let mut c = simayi_slashed(&[Slash, Peach], &[]);
        c.act(
            1,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert_eq!(c.hand(1), vec![Peach]);
        assert!(c.hand(0).is_empty());
    }

    #[test]
    fn may_decline() {
        let mut c = simayi_slashed(&[Slash, Peach], &[]);
        c.pass(1);
        assert!(c.hand(1).is_empty());
        assert_eq!(c.hand(0), vec![Peach]);
    }

    #[test]
    fn nothing_to_take_no_question() {
        let c = simayi_slashed(&[Slash], &[]);
        assert_eq!(c.hp(1), 2);
        // Straight back to the attacker's play phase.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert!(!c.has_prompt(1));
    }

    /// V-EARLY-22: the 2008 司马懿 takes a hand card, never an equipped one; a source with no
    /// hand card gives nothing.
    #[test]
    fn v_early_22_the_2008_fankui_takes_a_hand_card_only() {
        let slashed = |hand: &[crate::card::CardKind]| {
            let mut s = table(&[Lord, Rebel]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            seat(&mut s, 0).hand = cards(hand);
            seat(&mut s, 0).equip = cards(&[Axe]);
            seat(&mut s, 1).general = GeneralId::SimayiEarly;
            let mut c = Check::new(s);
            c.card(0, Slash, &[1]).pass(1);
            c
        };
        let mut c = slashed(&[Slash, Peach]);
        let axe = c.game.table().seats[0].equipment().next().unwrap();
        let take_axe = Action::Pick {
            pick: Pick::Card { card: axe },
        };
        assert!(!c.allows(1, &take_axe));
        c.act(
            1,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert_eq!((c.hand(1), c.equipment(0)), (vec![Peach], vec![Axe]));
        let c = slashed(&[Slash]);
        assert!(!c.has_prompt(1), "no hand card, nothing to take");
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }
}
