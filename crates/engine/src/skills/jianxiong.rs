//! 奸雄 Jianxiong — 曹操.
//!
//! 当你受到伤害后，你可以获得对你造成伤害的牌。
//! After you take damage, you may obtain the card(s) that caused it.
//!
//! Only cards still in the processing area can be obtained: all the physical cards of a converted
//! card (both cards of a 丈八蛇矛 杀), none of a purely virtual one (离间's 决斗).

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Jianxiong,
        "奸雄",
        "Jianxiong",
        "当你受到伤害后，你可以获得对你造成伤害的牌。",
        "After you take damage, you may obtain the card(s) that caused it.",
    )
};

/// The cards of the damage that are still in the processing area.
fn damage_cards(game: &Game, data: &TimingData) -> Vec<CardId> {
    let TimingData::Damage(damage) = data else {
        return Vec::new();
    };
    damage.card.as_ref().map_or_else(Vec::new, |card| {
        card.cards
            .iter()
            .copied()
            .filter(|c| game.table.zone_of(*c) == Zone::Processing)
            .collect()
    })
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.target == owner)
        && !damage_cards(game, data).is_empty()
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let cards = damage_cards(game, data);
    game.move_cards(&cards, Zone::Hand(owner));
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// 曹操 at seat 1 is the target of seat 0's 杀 made by `hand`.
    fn slashed(hand: &[crate::card::CardKind], equip: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 1).general = GeneralId::Caocao;
        Check::new(s)
    }

    #[test]
    fn obtains_the_slash_that_hurt_him() {
        let mut c = slashed(&[Slash], &[]);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.is_asked(1, |k| matches!(
            k,
            crate::prompt::PromptKind::Confirm { .. }
        )));
        c.skill(1, SkillId::Jianxiong);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1), vec![Slash]);
        assert!(c.game.table().discard_pile.is_empty());
        c.assert_conserved();
    }

    #[test]
    fn may_decline() {
        let mut c = slashed(&[Slash], &[]);
        c.card(0, Slash, &[1]).pass(1).pass(1);
        assert!(c.hand(1).is_empty());
        assert_eq!(c.game.table().discard_pile.len(), 1);
    }

    #[test]
    fn takes_both_cards_of_a_serpent_spear_slash() {
        let mut c = slashed(&[Peach, Jink], &[SerpentSpear]);
        let two = c
            .find(0, |cards, skill, t| {
                skill == Some(SkillId::SerpentSpear)
                    && cards.len() == 2
                    && t == [crate::seat::Seat(1)]
            })
            .expect("serpent spear slash");
        c.act(0, two).pass(1).skill(1, SkillId::Jianxiong);
        let mut hand = c.hand(1);
        hand.sort();
        assert_eq!(hand, vec![Jink, Peach]);
        c.assert_conserved();
    }

    #[test]
    fn not_offered_for_damage_without_a_card() {
        // 曹操 slashes 夏侯惇; 刚烈's damage back to him is made by no card: no question.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Caocao;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Xiahoudun;
        s.draw_pile_top = vec![crate::scenario::CardSpec::exact(
            SavageAssault,
            crate::card::Suit::Spade,
            7,
        )];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1).skill(1, SkillId::Ganglie);
        assert_eq!(c.hp(0), 3);
        assert!(!c.is_asked(0, |k| matches!(
            k,
            crate::prompt::PromptKind::Confirm { .. }
        )));
        assert!(c.is_asked(0, |k| matches!(k, crate::prompt::PromptKind::Play)));
        assert!(!c.allows(
            0,
            &Action::Skill {
                skill: SkillId::Jianxiong,
                cards: vec![],
                targets: vec![]
            }
        ));
    }
}
