// The records of the Campaigns and E-mail accounts views: campaigns with their schedule and
// statistics, the sending mailboxes and their tags. Plain types, re-exported by contract-records.ts.

export interface CampaignSchedule {
  timezone: string;
  days: number[];
  startHour: number;
  endHour: number;
}

export interface Campaign {
  id: string;
  name: string;
  status: string;
  emailAccounts: string[];
  tags: string[];
  dailyLimit: number | null;
  schedule: CampaignSchedule | null;
  createdAt: string;
  updatedAt: string;
  threadCount: number;
  /** Threads of this campaign by status. */
  replyCounts: Record<string, number>;
  /** A rename waits in the outbox. */
  pending: boolean;
}

export interface CampaignStatistics {
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
  interested: number;
}

/** One UTC day of the service's daily statistics. */
export interface CampaignDay extends CampaignStatistics {
  date: string;
}

/** One local day of a campaign's replies: threads that started that day, by their status now. */
export interface CampaignActivityDay {
  date: string;
  byStatus: Record<string, number>;
}

export interface EmailAccount {
  id: string;
  email: string;
  name: string;
  signature: string;
  tags: string[];
  status: string;
  dailyLimit: number | null;
  pending: boolean;
}

export interface EmailAccountTag {
  id: string;
  name: string;
  color: string;
}
