//! 麒麟弓 Kylin Bow — 武器, range 5.
//!
//! 当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。
//! When your 杀 would deal damage to a target, you may discard one horse from their equipment
//! (the damage is still dealt).

use crate::action::{Action, Pick};
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::KylinBow,
    [
        "麒麟弓",
        "Kylin Bow",
        "当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。",
        "When your Slash deals damage to a target, you may discard a horse from their equipment.",
    ],
    Slot::Weapon,
    5,
    Some(SkillId::KylinBow),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::KylinBow,
        "麒麟弓",
        "Kylin Bow",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn horses(game: &Game, seat: Seat) -> Vec<crate::card::CardId> {
    [Slot::DefensiveHorse, Slot::OffensiveHorse]
        .into_iter()
        .filter_map(|slot| game.equipped(seat, slot))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.prevented
        && !horses(game, damage.target).is_empty()
}

fn ask(game: &Game, _: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut actions: Vec<Action> = horses(game, damage.target)
        .into_iter()
        .map(|card| Action::Pick {
            pick: Pick::Card { card },
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::PickCard {
        owner: damage.target,
        cause: Cause::Skill(SkillId::KylinBow),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, _: Seat, data: &mut TimingData, action: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let Action::Pick {
        pick: Pick::Card { card },
    } = action
    else {
        return None;
    };
    if horses(game, damage.target).contains(card) {
        game.discard(&[*card]);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn discards_a_horse_and_still_deals_the_damage() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[KylinBow]);
        seat(&mut s, 1).equip = cards(&[Dilu, Chitu, EightDiagram]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::PickCard { .. })));
        // Only the horses (and passing) are offered.
        assert_eq!(c.prompt(0).legal_actions(16).len(), 3);
        let dilu = c.game.table().seats[1]
            .equipped(crate::card::Slot::DefensiveHorse)
            .unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: dilu },
            },
        );
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.equipment(1), vec![EightDiagram, Chitu]);
        assert!(c.discard_pile().contains(&Dilu));
    }

    #[test]
    fn not_offered_without_horses() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[KylinBow]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn its_range_is_five() {
        let mut s = table(&[
            Lord, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel,
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[KylinBow]);
        seat(&mut s, 5).equip = cards(&[Dilu]);
        seat(&mut s, 6).equip = cards(&[Jueying]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[6]).is_some());
        assert!(c.find_card(0, Slash, &[5]).is_none());
    }
}
