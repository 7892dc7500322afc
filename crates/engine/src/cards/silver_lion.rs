//! 白银狮子 Silver Lion — 防具 (军争).
//!
//! 锁定技，当你受到大于1点的伤害时，你将伤害值改为1。当你失去装备区里的【白银狮子】后，你回复1点
//! 体力。
//! Compulsory: damage to you greater than 1 becomes 1 ("when taking damage", after the source's
//! bonuses: 酒, 裸衣, 古锭刀). When it leaves your equipment area by any means — replaced,
//! discarded, taken — you recover 1 HP (even if its armor effect was being ignored).

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    on_unequip: Some(recover_one),
    ..CardDef::equipment(
        CardKind::SilverLion,
        [
            "白银狮子",
            "Silver Lion",
            "锁定技，当你受到大于1点的伤害时，你将伤害值改为1。当你失去装备区里的【白银狮子】后，你回复1点体力。",
            "Compulsory: damage greater than 1 you take becomes 1. When it leaves your equipment area, you recover 1 HP.",
        ],
        Slot::Armor,
        0,
        Some(SkillId::SilverLion),
    )
};

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TakingDamage,
        can_trigger: more_than_one,
        ask: Ask::Never,
        on_trigger: down_to_one,
    }],
    ..SkillDef::named(
        SkillId::SilverLion,
        "白银狮子",
        "Silver Lion",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn more_than_one(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(d) = data else {
        return false;
    };
    d.target == owner
        && d.amount > 1
        && !d.prevented
        && game.equipped_kind(owner, Slot::Armor) == Some(CardKind::SilverLion)
        && game.armor_works(owner, d.armor_use())
}

fn down_to_one(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.amount = 1;
    }
    None
}

fn recover_one(game: &mut Game, holder: Seat) {
    game.recover(holder, 1);
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::{self, *};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table160, Check};

    /// Seat 1 wears 白银狮子 at 2 of 4 HP; seat 0 holds `hand`.
    fn lion(hand: &[CardKind]) -> Check {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 1).equip = cards(&[SilverLion]);
        seat(&mut s, 1).hp = Some(2);
        Check::new(s)
    }

    #[test]
    fn damage_above_one_becomes_one() {
        let mut c = lion(&[Analeptic, Slash]);
        c.card(0, Analeptic, &[]).card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 1);
    }

    #[test]
    fn leaving_the_equipment_area_recovers_one() {
        let mut c = lion(&[Dismantlement]);
        c.card(0, Dismantlement, &[1]).pass_windows();
        let lion = c.game.table().seats[1]
            .equipment()
            .next()
            .expect("the lion");
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: lion },
            },
        );
        assert_eq!(c.hp(1), 3);
        assert!(c.equipment(1).is_empty());
    }

    #[test]
    fn replacing_it_recovers_one_too() {
        let mut s = crate::testing::table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Vine]);
        seat(&mut s, 0).equip = cards(&[SilverLion]);
        seat(&mut s, 0).hp = Some(3);
        let mut c = Check::new(s);
        c.card(0, Vine, &[]);
        assert_eq!(c.hp(0), 4);
        assert_eq!(c.equipment(0), vec![Vine]);
        assert!(c.events.iter().any(|e| matches!(
            e,
            crate::event::Event::Recovered {
                seat: Seat(0),
                amount: 1,
                ..
            }
        )));
    }
}
