import type { Lang } from './languages.js';

/**
 * Device event codes the console explains: what the code means and what to do about it, in eight
 * languages. A code not listed here is shown with the device's own message.
 */
export const EVENT_CODES = ['F023', 'BMS-OT', 'OFFLINE'] as const;
export type EventCode = (typeof EVENT_CODES)[number];

type Text = Record<Lang, string>;

export const EVENT_TEXTS: Record<EventCode, { meaning: Text; solution: Text }> = {
  F023: {
    meaning: {
      en: 'Grid relay fault: the inverter stopped feeding the grid.',
      cn: '并网继电器故障：逆变器已停止向电网供电。',
      vi: 'Lỗi rơ-le lưới: biến tần đã ngừng phát lên lưới.',
      po: 'Awaria przekaźnika sieciowego: falownik przestał oddawać energię do sieci.',
      de: 'Netzrelais-Fehler: Der Wechselrichter speist nicht mehr ins Netz ein.',
      es: 'Fallo del relé de red: el inversor dejó de inyectar a la red.',
      he: 'תקלה בממסר הרשת: הממיר הפסיק להזין לרשת.',
      pt: 'Falha no relé de rede: o inversor parou de injetar na rede.',
    },
    solution: {
      en: 'Check the AC breaker and grid voltage, then restart the inverter. If the fault returns, call the installer.',
      cn: '检查交流断路器和电网电压，然后重启逆变器。若故障再次出现，请联系安装商。',
      vi: 'Kiểm tra aptomat AC và điện áp lưới, rồi khởi động lại biến tần. Nếu lỗi lặp lại, hãy gọi đơn vị lắp đặt.',
      po: 'Sprawdź wyłącznik AC i napięcie sieci, a następnie uruchom ponownie falownik. Jeśli awaria powróci, wezwij instalatora.',
      de: 'AC-Schutzschalter und Netzspannung prüfen, dann den Wechselrichter neu starten. Tritt der Fehler erneut auf, den Installateur rufen.',
      es: 'Compruebe el interruptor de CA y la tensión de red y reinicie el inversor. Si el fallo vuelve, llame al instalador.',
      he: 'בדקו את מפסק ה-AC ואת מתח הרשת, ואז הפעילו מחדש את הממיר. אם התקלה חוזרת, פנו למתקין.',
      pt: 'Verifique o disjuntor CA e a tensão da rede e reinicie o inversor. Se a falha voltar, chame o instalador.',
    },
  },
  'BMS-OT': {
    meaning: {
      en: 'Battery over-temperature: the BMS stopped charging and discharging.',
      cn: '电池过温：BMS 已停止充放电。',
      vi: 'Pin quá nhiệt: BMS đã ngừng sạc và xả.',
      po: 'Przegrzanie baterii: BMS zatrzymał ładowanie i rozładowanie.',
      de: 'Batterie-Übertemperatur: Das BMS hat Laden und Entladen gestoppt.',
      es: 'Sobretemperatura de la batería: el BMS detuvo la carga y la descarga.',
      he: 'טמפרטורת יתר בסוללה: ה-BMS הפסיק טעינה ופריקה.',
      pt: 'Sobretemperatura da bateria: o BMS parou a carga e a descarga.',
    },
    solution: {
      en: 'Make sure the battery is ventilated and out of direct sun; it resumes by itself once cooled. If it recurs, have the installer check the cells.',
      cn: '确保电池通风良好并避免阳光直射；冷却后会自动恢复。若反复出现，请安装商检查电芯。',
      vi: 'Đảm bảo pin được thông gió và tránh nắng trực tiếp; pin tự hoạt động lại khi nguội. Nếu lặp lại, hãy nhờ đơn vị lắp đặt kiểm tra các cell.',
      po: 'Zapewnij wentylację baterii i osłoń ją przed słońcem; wznowi pracę sama po ostygnięciu. Jeśli to się powtarza, poproś instalatora o sprawdzenie ogniw.',
      de: 'Für Belüftung sorgen und direkte Sonne vermeiden; nach dem Abkühlen läuft die Batterie von selbst weiter. Bei Wiederholung die Zellen vom Installateur prüfen lassen.',
      es: 'Asegure la ventilación de la batería y evite el sol directo; se reanuda sola al enfriarse. Si se repite, pida al instalador que revise las celdas.',
      he: 'ודאו שלסוללה יש אוורור ושאינה בשמש ישירה; היא תחזור לפעול מעצמה כשתתקרר. אם זה חוזר, בקשו מהמתקין לבדוק את התאים.',
      pt: 'Garanta a ventilação da bateria e evite sol direto; ela volta sozinha ao esfriar. Se repetir, peça ao instalador para verificar as células.',
    },
  },
  OFFLINE: {
    meaning: {
      en: 'No data: the gateway of this device has been offline for more than five minutes.',
      cn: '无数据：该设备的网关已离线超过五分钟。',
      vi: 'Không có dữ liệu: gateway của thiết bị này đã ngoại tuyến hơn năm phút.',
      po: 'Brak danych: bramka tego urządzenia jest offline od ponad pięciu minut.',
      de: 'Keine Daten: Das Gateway dieses Geräts ist seit mehr als fünf Minuten offline.',
      es: 'Sin datos: la pasarela de este equipo lleva más de cinco minutos desconectada.',
      he: 'אין נתונים: השער של התקן זה מנותק יותר מחמש דקות.',
      pt: 'Sem dados: o gateway deste equipamento está offline há mais de cinco minutos.',
    },
    solution: {
      en: 'Check the gateway’s power and its internet connection (router, SIM credit, Wi-Fi signal). The alarm closes by itself once the gateway reconnects.',
      cn: '检查网关的供电和网络连接（路由器、SIM 卡余额、Wi-Fi 信号）。网关重新连接后告警会自动关闭。',
      vi: 'Kiểm tra nguồn điện và kết nối internet của gateway (bộ định tuyến, tài khoản SIM, sóng Wi-Fi). Cảnh báo tự đóng khi gateway kết nối lại.',
      po: 'Sprawdź zasilanie bramki i jej połączenie z internetem (router, środki na karcie SIM, sygnał Wi-Fi). Alarm zamknie się sam, gdy bramka połączy się ponownie.',
      de: 'Stromversorgung und Internetverbindung des Gateways prüfen (Router, SIM-Guthaben, WLAN-Signal). Der Alarm schließt sich von selbst, sobald das Gateway wieder verbunden ist.',
      es: 'Compruebe la alimentación de la pasarela y su conexión a internet (router, saldo de la SIM, señal Wi-Fi). La alarma se cierra sola cuando la pasarela se reconecta.',
      he: 'בדקו את אספקת החשמל של השער ואת חיבור האינטרנט שלו (נתב, יתרת SIM, אות Wi-Fi). ההתראה תיסגר מעצמה כשהשער יתחבר מחדש.',
      pt: 'Verifique a alimentação do gateway e a conexão à internet (roteador, crédito do SIM, sinal Wi-Fi). O alarme fecha sozinho quando o gateway se reconecta.',
    },
  },
};

export function eventText(code: string, lang: Lang): { meaning: string; solution: string } | undefined {
  const t = (EVENT_TEXTS as Record<string, { meaning: Text; solution: Text }>)[code];
  return t ? { meaning: t.meaning[lang], solution: t.solution[lang] } : undefined;
}
