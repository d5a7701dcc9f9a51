import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootFallback, RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { guestLoader, shellLoader } from '../kit/guard';
import {
  PUBLIC_PLACEHOLDERS,
  SHELL_ROUTES,
  type RouteHandle,
  type ShellPage,
  type ShellRoute,
} from '../kit/routeTable';

/** Route-level code splitting: every page is its own chunk, fetched on first visit. */
type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const pages = {
  login: page(() => import('../features/auth/LoginPage')),
  register: page(() => import('../features/auth/RegisterPage')),
  forget: page(() => import('../features/auth/ForgetPage')),
  forgetOk: page(() => import('../features/auth/ForgetOkPage')),
  agreement: page(() => import('../features/auth/AgreementPage')),
  scanConfirm: page(() => import('../features/auth/ScanConfirmPage')),
  success: page(() => import('../features/errors/SuccessPage')),
  forbidden: page(() => import('../features/errors/ForbiddenPage')),
  notFound: page(() => import('../features/errors/NotFoundPage')),
  notAvailable: page(() => import('../features/errors/NotAvailablePage')),
  notAvailableStandalone: page(() => import('../features/errors/NotAvailableStandalonePage')),
  personal: page(() => import('../features/account/PersonalSettingsPage')),
  plants: page(() => import('../features/plants/PlantsPage')),
  plantOverview: page(() => import('../features/plant-overview/PlantOverviewPage')),
  plantLayout: page(() => import('../features/plant-layout/PlantLayoutPage')),
  plantAdd: page(() => import('../features/plant-form/PlantAddPage')),
  plantEdit: page(() => import('../features/plant-form/PlantEditPage')),
  batteries: page(() => import('../features/batteries/BatteriesPage')),
  battery: page(() => import('../features/batteries/BatteryDetailPage')),
  meters: page(() => import('../features/meters/MetersPage')),
  meter: page(() => import('../features/meters/MeterDetailPage')),
  weatherStations: page(() => import('../features/weather-stations/WeatherStationsPage')),
  weatherStation: page(() => import('../features/weather-stations/WeatherStationPage')),
  events: page(() => import('../features/events/EventsPage')),
  inverters: page(() => import('../features/inverters/InvertersPage')),
  inverter: page(() => import('../features/inverters/InverterDetailPage')),
  inverterSettings: page(() => import('../features/inverters/InverterSettingsPage')),
  configTemplates: page(() => import('../features/config-templates/ConfigTemplatesPage')),
  customerUsers: page(() => import('../features/customers/CustomerUsersPage')),
  customerList: page(() => import('../features/customers/CustomerListPage')),
  customerTypes: page(() => import('../features/customers/CustomerTypesPage')),
  gateways: page(() => import('../features/gateways/GatewaysPage')),
  gateway: page(() => import('../features/gateways/GatewayDetailPage')),
  commSetting: page(() => import('../features/gateways/CommSettingPage')),
  acSwitches: page(() => import('../features/ac-switches/AcSwitchesPage')),
  acSwitch: page(() => import('../features/ac-switches/AcSwitchDetailPage')),
  loraNodes: page(() => import('../features/lora/LoraNodesPage')),
  loraNode: page(() => import('../features/lora/LoraNodeDetailPage')),
  batterySetting: page(() => import('../features/battery-setting/BatterySettingPage')),
  members: page(() => import('../features/staff/MembersPage')),
  roles: page(() => import('../features/roles/RolesPage')),
  companyInfo: page(() => import('../features/company/CompanyInfoPage')),
  companyAgents: page(() => import('../features/company/AgentsPage')),
  companyManuals: page(() => import('../features/company/ManualsPage')),
  manualsLibrary: page(() => import('../features/company/ManualsLibraryPage')),
  companyAudit: page(() => import('../features/company/AuditLogPage')),
  companies: page(() => import('../features/company/CompaniesPage')),
  firmware: page(() => import('../features/firmware/FirmwarePage')),
  hardwareList: page(() => import('../features/firmware/MaintenanceLogPage')),
  toolbox: page(() => import('../features/toolbox/ToolboxPage')),
  versions: page(() => import('../features/versions/VersionsPage')),
  updateLog: page(() => import('../features/versions/UpdateLogPage')),
  commLog: page(() => import('../features/comm-log/CommLogPage')),
  redirect: page(() => import('./RedirectRoute')),
  shell: page(() => import('./AppShell')),
};

function shellChild(route: ShellRoute): RouteObject {
  const handle: RouteHandle = {
    routePath: route.path,
    titleKey: route.titleKey,
    permission: route.permission,
    highlight: route.highlight ?? route.permission,
  };
  const built: Record<ShellPage, typeof pages.personal> = {
    personal: pages.personal,
    plants: pages.plants,
    inverters: pages.inverters,
    inverter: pages.inverter,
    inverterSettings: pages.inverterSettings,
    configTemplates: pages.configTemplates,
    customerUsers: pages.customerUsers,
    customerList: pages.customerList,
    customerTypes: pages.customerTypes,
    gateways: pages.gateways,
    gateway: pages.gateway,
    commSetting: pages.commSetting,
    acSwitches: pages.acSwitches,
    acSwitch: pages.acSwitch,
    loraNodes: pages.loraNodes,
    loraNode: pages.loraNode,
    batterySetting: pages.batterySetting,
    plantOverview: pages.plantOverview,
    plantLayout: pages.plantLayout,
    plantAdd: pages.plantAdd,
    plantEdit: pages.plantEdit,
    batteries: pages.batteries,
    battery: pages.battery,
    meters: pages.meters,
    meter: pages.meter,
    weatherStations: pages.weatherStations,
    weatherStation: pages.weatherStation,
    events: pages.events,
    members: pages.members,
    roles: pages.roles,
    companyInfo: pages.companyInfo,
    companyAgents: pages.companyAgents,
    companyManuals: pages.companyManuals,
    manualsLibrary: pages.manualsLibrary,
    companyAudit: pages.companyAudit,
    companies: pages.companies,
    firmware: pages.firmware,
    hardwareList: pages.hardwareList,
    toolbox: pages.toolbox,
    versions: pages.versions,
    updateLog: pages.updateLog,
    commLog: pages.commLog,
  };
  const lazy = route.redirect ? pages.redirect : route.page ? built[route.page] : pages.notAvailable;
  return { path: route.path, handle, lazy };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootFallback,
    errorElement: <RouteError />,
    children: [
      { path: '/login', loader: guestLoader, lazy: pages.login, handle: { titleKey: 'page.login' } },
      { path: '/reg', loader: guestLoader, lazy: pages.register, handle: { titleKey: 'page.register' } },
      { path: '/forget', loader: guestLoader, lazy: pages.forget, handle: { titleKey: 'page.forget' } },
      { path: '/forgetok', lazy: pages.forgetOk, handle: { titleKey: 'page.forgetOk' } },
      { path: '/agreement', lazy: pages.agreement, handle: { titleKey: 'page.agreement' } },
      // A phone confirms another device's scan-code login here; without a session it signs in first.
      {
        path: '/scan-login',
        loader: shellLoader,
        lazy: pages.scanConfirm,
        handle: { titleKey: 'mfa.scanConfirmPage' },
      },
      { path: '/403', lazy: pages.forbidden, handle: { titleKey: 'page.forbidden' } },
      { path: '/success', lazy: pages.success, handle: { titleKey: 'page.success' } },
      ...PUBLIC_PLACEHOLDERS.map((p): RouteObject => ({
        path: p.path,
        lazy: pages.notAvailableStandalone,
        handle: { titleKey: p.titleKey },
      })),
      {
        id: 'shell',
        loader: shellLoader,
        lazy: pages.shell,
        errorElement: <RouteError />,
        children: SHELL_ROUTES.map(shellChild),
      },
      { path: '*', lazy: pages.notFound, handle: { titleKey: 'page.notFound' } },
    ],
  },
];

export const router = createBrowserRouter(routes);
