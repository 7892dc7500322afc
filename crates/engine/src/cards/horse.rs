//! 坐骑 Horses. +1 马 (防御马: 的卢, 绝影, 爪黄飞电): other characters' distance to you +1.
//! −1 马 (进攻马: 赤兔, 大宛, 紫骍): your distance to other characters −1. 军争 adds the +1 马 骅骝.

use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

const DEFENSIVE_ZH: &str = "锁定技，其他角色与你的距离+1。";
const DEFENSIVE_EN: &str = "Compulsory: other characters' distance to you is increased by 1.";
const OFFENSIVE_ZH: &str = "锁定技，你与其他角色的距离-1。";
const OFFENSIVE_EN: &str = "Compulsory: your distance to other characters is reduced by 1.";

const fn defensive(kind: CardKind, zh: &'static str, en: &'static str) -> CardDef {
    CardDef::equipment(
        kind,
        [zh, en, DEFENSIVE_ZH, DEFENSIVE_EN],
        Slot::DefensiveHorse,
        0,
        Some(SkillId::DefensiveHorse),
    )
}

const fn offensive(kind: CardKind, zh: &'static str, en: &'static str) -> CardDef {
    CardDef::equipment(
        kind,
        [zh, en, OFFENSIVE_ZH, OFFENSIVE_EN],
        Slot::OffensiveHorse,
        0,
        Some(SkillId::OffensiveHorse),
    )
}

pub static DILU: CardDef = defensive(CardKind::Dilu, "的卢", "Dilu");
pub static JUEYING: CardDef = defensive(CardKind::Jueying, "绝影", "Jueying");
pub static ZHUAHUANG: CardDef = defensive(CardKind::Zhuahuang, "爪黄飞电", "Zhuahuang Feidian");
pub static CHITU: CardDef = offensive(CardKind::Chitu, "赤兔", "Chitu");
pub static DAYUAN: CardDef = offensive(CardKind::Dayuan, "大宛", "Dayuan");
pub static ZIXING: CardDef = offensive(CardKind::Zixing, "紫骍", "Zixing");
/// 骅骝 (军争).
pub static HUALIU: CardDef = defensive(CardKind::Hualiu, "骅骝", "Hualiu");

pub static DEFENSIVE: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        distance_to: Some(plus_one),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::DefensiveHorse,
        "+1马",
        "+1 Horse",
        DEFENSIVE_ZH,
        DEFENSIVE_EN,
    )
};

pub static OFFENSIVE: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        distance_from: Some(minus_one),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::OffensiveHorse,
        "-1马",
        "-1 Horse",
        OFFENSIVE_ZH,
        OFFENSIVE_EN,
    )
};

fn plus_one(_: &Game, _: Seat, _: Seat) -> i32 {
    1
}

fn minus_one(_: &Game, _: Seat, _: Seat) -> i32 {
    -1
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn a_defensive_horse_adds_one_to_others_distance_only() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 1).equip = cards(&[Zhuahuang]);
        let c = Check::new(s);
        assert_eq!(c.game.distance(Seat(0), Seat(1)), 2);
        assert_eq!(c.game.distance(Seat(2), Seat(1)), 2);
        assert_eq!(c.game.distance(Seat(1), Seat(0)), 1);
        assert_eq!(c.game.distance(Seat(1), Seat(2)), 1);
    }

    #[test]
    fn an_offensive_horse_takes_one_off_the_owners_distance_but_never_below_one() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).equip = cards(&[Zixing]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let c = Check::new(s);
        assert_eq!(c.game.distance(Seat(0), Seat(2)), 1);
        assert_eq!(c.game.distance(Seat(0), Seat(1)), 1);
        assert_eq!(c.game.distance(Seat(2), Seat(0)), 2);
        // Attack range stays 1; the shorter distance lets the 杀 reach.
        assert_eq!(c.game.attack_range(Seat(0)), 1);
        assert!(c.find_card(0, Slash, &[2]).is_some());
    }

    #[test]
    fn hualiu_is_a_defensive_horse() {
        let mut s = crate::testing::table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).equip = cards(&[Hualiu]);
        let c = Check::new(s);
        assert_eq!(c.game.distance(Seat(0), Seat(1)), 2);
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }

    #[test]
    fn a_defensive_horse_keeps_a_slash_out_of_reach() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).equip = cards(&[Jueying]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }

    #[test]
    fn one_horse_of_each_kind_and_a_new_one_replaces_the_old() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Dilu, Jueying, Chitu]);
        let mut c = Check::new(s);
        c.card(0, Dilu, &[]).card(0, Chitu, &[]);
        assert_eq!(c.equipment(0), vec![Dilu, Chitu]);
        c.card(0, Jueying, &[]);
        assert_eq!(c.equipment(0), vec![Jueying, Chitu]);
        assert_eq!(c.discard_pile(), vec![Dilu]);
        c.assert_conserved();
    }
}
